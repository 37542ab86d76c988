#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds a byte string in a buffer at memory speed: `memchr` (vectorised by the C
/// library) jumps to each place the needle's rarest byte occurs, and only there are the
/// whole needle's bytes compared. Which byte is rarest is told by the counts of the
/// bytes in the text searched.
///
/// It holds a pointer into bytes it does not own, so it is made only inside a
/// `withUnsafeBytes` of those bytes and never kept past it: every place that makes one
/// is marked `unsafe`.
@safe
struct SubstringFinder {
    private let needle: UnsafePointer<UInt8>
    private let count: Int
    /// Where in the needle its rarest byte is, and that byte.
    private let rareOffset: Int
    private let rareByte: Int32

    /// A finder of the `count` (at least 1) bytes at `needle`, in text whose bytes occur
    /// `counts[byte]` times each.
    init(needle: UnsafePointer<UInt8>, count: Int, counts: [Int]) {
        unsafe self.needle = unsafe needle
        self.count = count
        var rarest = 0
        for offset in 1..<count where unsafe counts[Int(needle[offset])] < counts[Int(needle[rarest])] {
            rarest = offset
        }
        rareOffset = rarest
        rareByte = unsafe Int32(needle[rarest])
    }

    /// The offset of the first occurrence of the needle in `base[start..<end]`, or `nil`.
    func first(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var scan = start + rareOffset
        let last = end - count + rareOffset
        while scan <= last {
            guard let hit = unsafe memchr(base + scan, rareByte, last + 1 - scan) else { return nil }
            let found = unsafe base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            let candidate = found - rareOffset
            // The first and last bytes are compared here, which rules out most places
            // without a call to memcmp.
            if unsafe base[candidate] == needle[0], unsafe base[candidate + count - 1] == needle[count - 1],
                unsafe memcmp(base + candidate, needle, count) == 0
            {
                return candidate
            }
            scan = found + 1
        }
        return nil
    }
}
