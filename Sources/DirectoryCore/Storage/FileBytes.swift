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
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0))
        var filled = 0
        while true {
            if filled == bytes.count {
                // The file grew while being read (or its size was not known): read on.
                bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 65536)))
            }
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, base + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: SystemError.describe(errno))
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return (bytes, modified)
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
