import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file with POSIX calls, turning failures into `StorageError`s in plain words.
///
/// Only regular files are read as lists, and only up to `largestFile`; an import may
/// also read a stream (a pipe, a FIFO, a device), up to `largestStream`. Nothing is
/// ever read without a bound, and opening never waits for a FIFO's writer.
enum FileBytes {
    /// The largest file read: 1 GiB (a list of a million people is about 100 MB).
    static let largestFile = 1 << 30
    /// The most read from a stream: 64 MiB.
    static let largestStream = 64 << 20

    /// Opens the regular file at `path` for reading: its descriptor (the caller closes it),
    /// modification time and size; `nil` when there is no file. Anything but a regular file
    /// is refused in words, and so is a file over `largestFile`.
    static func openRegular(path: String) throws(StorageError) -> (descriptor: Int32, modified: Int64, size: Int)? {
        guard let opened = try openAny(path: path) else { return nil }
        guard opened.kind == S_IFREG else {
            close(opened.descriptor)
            throw .unreadable(path: path, reason: "it is \(describe(opened.kind)), not a regular file")
        }
        let size = opened.size
        if size > largestFile {
            close(opened.descriptor)
            throw .unreadable(path: path, reason: "it is \(size >> 20) MiB, more than the 1 GiB limit")
        }
        return (opened.descriptor, opened.modified, size)
    }

    /// Opens whatever is at `path` without waiting for a FIFO's writer; refuses a folder.
    private static func openAny(path: String) throws(StorageError)
        -> (descriptor: Int32, kind: mode_t, modified: Int64, size: Int)?
    {
        // O_NONBLOCK: opening a FIFO that no one writes to returns at once instead of waiting.
        let descriptor = unsafe open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw .unreadable(path: path, reason: SystemError.describe(code))
        }
        var info = stat()
        guard unsafe fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw .unreadable(path: path, reason: SystemError.describe(code))
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR {
            close(descriptor)
            throw .unreadable(path: path, reason: "it is a folder, not a file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return (descriptor, kind, modified, max(Int(info.st_size), 0))
    }

    /// The bytes of the file at `path` and its modification time, or `nil` when there is no file.
    /// - Parameter streams: whether a pipe, FIFO or device is read too (for `import`).
    static func read(path: String, streams: Bool = false) throws(StorageError) -> (bytes: [UInt8], modified: Int64)? {
        guard let opened = try openAny(path: path) else { return nil }
        let descriptor = opened.descriptor
        defer { close(descriptor) }
        let kind = opened.kind
        let modified = opened.modified
        guard kind == S_IFREG else {
            guard streams, kind == S_IFIFO || kind == S_IFCHR || kind == S_IFSOCK else {
                throw .unreadable(path: path, reason: "it is \(describe(kind)), not a regular file")
            }
            var bytes: [UInt8] = []
            try readRest(of: descriptor, path: path, into: &bytes, limit: largestStream)
            return (bytes, modified)
        }
        let size = opened.size
        if size > largestFile {
            throw .unreadable(path: path, reason: "it is \(size >> 20) MiB, more than the 1 GiB limit")
        }
        // Read straight into an array of the file's size, plus one byte: a read that
        // fills that byte means the file grew while being read, and the rest is appended.
        var failure: Int32 = 0
        var bytes = unsafe [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            count = 0
            (count, failure) = unsafe DescriptorRead.fill(UnsafeMutableRawBufferPointer(buffer), from: descriptor)
        }
        if failure != 0 { throw .unreadable(path: path, reason: SystemError.describe(failure)) }
        if bytes.count > size {
            try readRest(of: descriptor, path: path, into: &bytes, limit: largestFile)
        }
        return (bytes, modified)
    }

    /// Appends what is left of the file to `bytes`, for a stream or a file that grew while
    /// being read; throws once `bytes` holds more than `limit`.
    private static func readRest(
        of descriptor: Int32, path: String, into bytes: inout [UInt8], limit: Int
    ) throws(StorageError) {
        let failure = DescriptorRead.appendRest(of: descriptor, to: &bytes, limit: limit)
        if failure != 0 { throw .unreadable(path: path, reason: SystemError.describe(failure)) }
        guard bytes.count <= limit else {
            let what = limit == largestStream ? "64 MiB, the most read from a pipe or device" : "the 1 GiB limit"
            throw .unreadable(path: path, reason: "it holds more than \(what)")
        }
    }

    /// What a file that is not a regular file is, in words.
    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }
}

/// Plain words for `errno` values.
enum SystemError {
    /// A lower-case description of `code`, e.g. "permission denied".
    static func describe(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case ENOSPC: return "the disk is full"
        case EDQUOT: return "the disk quota is exceeded"
        case EROFS: return "the file system is read-only"
        case EISDIR: return "it is a folder, not a file"
        case ENOTDIR: return "a part of the path is not a folder"
        case ENOENT: return "the folder does not exist"
        case ENAMETOOLONG: return "the path is too long"
        case EIO: return "an input/output error occurred"
        default:
            guard let text = unsafe strerror(code) else { return "error \(code)" }
            return unsafe String(cString: text).lowercased()
        }
    }
}

extension FileBytes {
    /// The version of the file at `path`, hashed a megabyte at a time so that checking
    /// a large list before a save never holds a second copy of it; `nil` when there is no file.
    /// With `stamped`, read under a lease when one can be had at once, so that the version can
    /// carry a stamp that spares the next look this read (`FileStamp`). The pass is noted for
    /// tests (`HashPasses`) under `shown`, the path the user named.
    static func version(
        path: String, shown: String? = nil, stamped: Bool = false, clock: () -> Int64 = FileStamp.coarseClock
    ) throws(StorageError) -> FileVersion? {
        HashPasses.note(shown ?? path)
        let lease = stamped ? WriterLease.attempt(path) : nil
        defer { lease?.release() }
        guard var window = try ReadWindow(path: path, capacity: 1 << 20, lease: lease, clock: clock) else {
            return nil
        }
        while !window.atEnd { window.more(keepingFrom: window.count) }
        if let failure = window.failure { throw failure }
        return window.version
    }
}
