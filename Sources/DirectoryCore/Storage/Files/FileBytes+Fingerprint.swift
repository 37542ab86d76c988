#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileBytes {
    /// The size of the blocks `fingerprint(path:)` reads.
    static let fingerprintBlock = 1 << 20

    /// The fingerprint of the regular file at `path`, or `nil` when there is no file.
    ///
    /// The file is read a megabyte at a time and each block hashed as it comes, so that
    /// checking a large list's file before a save never holds a second copy of it.
    static func fingerprint(path: String) throws(StorageError) -> FileFingerprint? {
        guard let (descriptor, info) = try open(path: path, streams: false) else { return nil }
        defer { close(descriptor) }
        var hash = ContentHash()
        var size = 0
        var failure: Int32 = 0
        withUnsafeTemporaryAllocation(byteCount: fingerprintBlock, alignment: 16) { block in
            guard let base = block.baseAddress else { return }
            while true {
                let count = Glibc.read(descriptor, base, block.count)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if count == 0 { return }
                hash.add(UnsafeRawBufferPointer(start: base, count: count))
                size += count
                if size > largestFile { return }
            }
        }
        if failure != 0 { throw .unreadable(path: path, reason: SystemError.describe(failure)) }
        if size > largestFile { throw .unreadable(path: path, reason: "it holds more than the 1 GiB limit") }
        return FileFingerprint(size: size, modified: modificationTime(info), hash: hash.value)
    }
}
