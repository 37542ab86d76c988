#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing all of a buffer to a file descriptor: `write(2)` may take less than it is
/// given, or be interrupted by a signal; every writer of files, pipes and the terminal
/// loops the same way through this.
public enum DescriptorWrite {
    /// Writes every byte of `bytes` to `descriptor`, retrying after EINTR; 0 when all was
    /// written, else the `errno` of the failure (EIO for a write that took nothing).
    public static func all(_ bytes: RawSpan, to descriptor: Int32) -> Int32 {
        // write(2) reads the bytes during the call only.
        unsafe bytes.withUnsafeBytes { unsafe all(buffer: $0, to: descriptor) }
    }

    /// Writes every byte of `bytes` to `descriptor`, as `all(_:to:)` does for a `RawSpan`.
    public static func all(_ bytes: Span<UInt8>, to descriptor: Int32) -> Int32 {
        bytes.withRawBytes { all($0, to: descriptor) }
    }

    private static func all(buffer bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        guard let base = bytes.baseAddress else { return 0 }
        var written = 0
        while written < bytes.count {
            let count = unsafe write(descriptor, base + written, bytes.count - written)
            if count > 0 {
                written += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return count < 0 ? errno : EIO
            }
        }
        return 0
    }
}
