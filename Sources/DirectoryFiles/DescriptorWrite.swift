import DirectoryCore

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
        var written = 0
        while written < bytes.byteCount {
            // write(2) reads the rest of the span during the call only.
            let count = unsafe bytes.withUnsafeBytes { buffer in
                unsafe write(descriptor, buffer.baseAddress.map { unsafe $0 + written }, buffer.count - written)
            }
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

    /// Writes every byte of `bytes` to `descriptor`, as `all(_:to:)` does for a `RawSpan`.
    public static func all(_ bytes: Span<UInt8>, to descriptor: Int32) -> Int32 {
        bytes.withRawBytes { all($0, to: descriptor) }
    }
}
