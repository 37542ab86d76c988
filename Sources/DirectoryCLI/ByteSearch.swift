#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding a byte with libc's `memchr`, several times faster than a loop over a span (which
/// checks each index): the one place the front end hands a search a buffer, for the script
/// path's newline and NUL searches (`DescriptorLines`), measured hot.
enum ByteSearch {
    /// The offset of the first `byte` in `bytes`, or `nil` when there is none.
    static func firstIndex(of byte: UInt8, in bytes: Span<UInt8>) -> Int? {
        // memchr reads at most `buffer.count` bytes, during the call only.
        unsafe bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = unsafe memchr(base, Int32(byte), buffer.count) else {
                return nil
            }
            return unsafe UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
    }
}
