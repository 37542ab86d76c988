#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The search's only calls into C, kept for speed: `memchr` (vectorised by the C library)
// finds a needle's rarest byte in a million people's text (and the front end a script's
// newlines) a few times faster than a loop over a span, and `memcpy` copies the values a search index is built of without a bounds
// check per byte. Each checks its range against the spans before it makes a pointer, and
// the pointers live only during the call.

extension Span where Element == UInt8 {
    /// The offset of the first `byte` in `range` of the span, or `nil`; traps when `range`
    /// is not inside the span.
    @inlinable @inline(__always)
    public func firstOffset(of byte: UInt8, in range: Range<Int>) -> Int? {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a search outside the span")
        guard !range.isEmpty else { return nil }
        return unsafe withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress,
                let hit = unsafe memchr(base + range.lowerBound, Int32(byte), range.count)
            else { return nil }
            return unsafe base.distance(to: UnsafeRawPointer(hit))
        }
    }
}

extension MutableSpan where Element == UInt8 {
    /// Copies `bytes` into the span from `offset` on, and returns the offset after them;
    /// traps when they do not fit.
    @inline(__always)
    mutating func copy(_ bytes: Span<UInt8>, at offset: Int) -> Int {
        precondition(offset >= 0 && bytes.count <= count &- offset, "a copy past the end of the span")
        guard !bytes.isEmpty else { return offset }
        unsafe withUnsafeMutableBytes { target in
            unsafe bytes.withUnsafeBytes { source in
                if let to = target.baseAddress, let from = source.baseAddress {
                    unsafe memcpy(to + offset, from, source.count)
                }
            }
        }
        return offset &+ bytes.count
    }
}
