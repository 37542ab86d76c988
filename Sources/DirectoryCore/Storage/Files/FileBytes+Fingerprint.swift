#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileBytes {
    /// The fingerprint of the file at `path`, hashed a megabyte at a time so that checking
    /// a large list before a save never holds a second copy of it; `nil` when there is no file.
    static func fingerprint(path: String) throws(StorageError) -> FileFingerprint? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw .unreadable(path: path, reason: SystemError.describe(code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, reason: SystemError.describe(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            // Not a regular file: read it the usual way, which says what is wrong with it.
            return try read(path: path).map { contents in
                FileFingerprint(
                    size: contents.bytes.count, modified: contents.modified, hash: FileHash.of(contents.bytes))
            }
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        var hash = FileHash()
        var size = 0
        var block = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = block.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, base, buffer.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: SystemError.describe(errno))
            }
            if count == 0 { break }
            block.withUnsafeBytes { hash.add(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            size += count
        }
        return FileFingerprint(size: size, modified: modified, hash: hash.value)
    }
}
