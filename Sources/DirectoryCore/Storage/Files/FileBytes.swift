#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file with POSIX calls, turning failures into `StorageError`s in plain words.
enum FileBytes {
    /// The bytes of the file at `path` and its modification time, or `nil` when there is no file.
    static func read(path: String) throws(StorageError) -> (bytes: [UInt8], modified: Int64)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw .unreadable(path: path, reason: SystemError.describe(code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .unreadable(path: path, reason: SystemError.describe(errno))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw .unreadable(path: path, reason: "it is a folder, not a file")
        }
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        // Read straight into an array of the file's size, plus one byte: a read that
        // fills that byte means the file grew while being read, and the rest is appended.
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: max(Int(info.st_size), 0) + 1) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < buffer.count {
                let result = Glibc.read(descriptor, base + count, buffer.count - count)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if result == 0 { return }
                count += result
            }
        }
        if failure != 0 { throw .unreadable(path: path, reason: SystemError.describe(failure)) }
        if bytes.count > max(Int(info.st_size), 0) {
            try readRest(of: descriptor, path: path, into: &bytes)
        }
        return (bytes, modified)
    }

    /// Appends what is left of the file to `bytes`, for a file that grew while being read.
    private static func readRest(of descriptor: Int32, path: String, into bytes: inout [UInt8]) throws(StorageError) {
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, base, buffer.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: SystemError.describe(errno))
            }
            if count == 0 { return }
            bytes.append(contentsOf: block[0..<count])
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
            guard let text = strerror(code) else { return "error \(code)" }
            return String(cString: text).lowercased()
        }
    }
}
