#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file descriptor's single writes and type, for the front end (its reads go through
/// `DescriptorRead`, in DirectoryFiles). The descriptor belongs to the caller, which opens and
/// closes it; this only lends the system calls spans.
struct OpenDescriptor {
    /// The descriptor (0 for standard input).
    let number: Int32

    /// Writes what one `write(2)` takes of `bytes`; returns that count, or -1 with `errno` set.
    func writeOnce(_ bytes: Span<UInt8>) -> Int {
        guard !bytes.isEmpty else { return 0 }
        // write(2) reads the bytes during the call only.
        return unsafe bytes.withUnsafeBufferPointer { buffer in
            unsafe Glibc.write(number, buffer.baseAddress, buffer.count)
        }
    }

    /// The kind of file it is (`S_IFREG`, `S_IFDIR`, `S_IFIFO`…), or `nil` when `fstat` fails.
    var fileType: mode_t? {
        var status = stat()
        guard unsafe fstat(number, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }
}
