/// Finds a byte string in a span at memory speed: `memchr` (vectorised by the C library,
/// see `Span.firstOffset(of:in:)`) jumps to each place the needle's rarest byte occurs, and only there are the whole
/// needle's bytes compared. Which byte is rarest is told by the counts of the bytes in the
/// text searched.
///
/// It holds its own copy of the needle, so it may be made once and used on any span.
struct SubstringFinder {
    private let needle: [UInt8]
    private let first: UInt8
    private let last: UInt8
    /// Where in the needle its rarest byte is, and that byte.
    private let rareOffset: Int
    private let rareByte: UInt8

    /// A finder of `needle` (at least 1 byte), in text whose bytes occur `counts[byte]`
    /// times each.
    init(needle: [UInt8], counts: [Int]) {
        precondition(!needle.isEmpty, "a finder needs a needle")
        self.needle = needle
        first = needle[0]
        last = needle[needle.count - 1]
        var rarest = 0
        for offset in 1..<needle.count where counts[Int(needle[offset])] < counts[Int(needle[rarest])] {
            rarest = offset
        }
        rareOffset = rarest
        rareByte = needle[rarest]
    }

    /// The offset of the first occurrence of the needle in `haystack[start..<end]`, or `nil`.
    func first(in haystack: Span<UInt8>, from start: Int, to end: Int) -> Int? {
        let count = needle.count
        var scan = start + rareOffset
        let stop = end - count + rareOffset + 1
        while scan < stop {
            guard let found = haystack.firstOffset(of: rareByte, in: scan..<stop) else { return nil }
            let candidate = found - rareOffset
            // The first and last bytes are compared here, which rules out most places
            // without comparing the whole needle.
            if haystack[candidate] == first, haystack[candidate + count - 1] == last,
                Self.equal(haystack, at: candidate, needle.span)
            {
                return candidate
            }
            scan = found + 1
        }
        return nil
    }

    /// Whether the bytes of `haystack` from `offset` on are `needle`'s.
    @inline(__always)
    private static func equal(_ haystack: Span<UInt8>, at offset: Int, _ needle: Span<UInt8>) -> Bool {
        let piece = haystack.extracting(offset..<offset + needle.count)
        for index in needle.indices where piece[index] != needle[index] { return false }
        return true
    }
}
