import Testing

@testable import DirectoryCore

@Suite("SubstringFinder: finds the first occurrence inside the range it is given, as a plain scan does")
struct SubstringFinderTests {
    /// The first offset in `start..<end` where `needle` lies whole inside the range, by a plain scan.
    static func scan(_ haystack: [UInt8], _ needle: [UInt8], from start: Int, to end: Int) -> Int? {
        guard end - start >= needle.count else { return nil }
        return (start...(end - needle.count)).first { Array(haystack[$0..<$0 + needle.count]) == needle }
    }

    @Test("random bytes over a small alphabet, every needle length and range edge, and counts that favour any byte")
    func agreesWithAScan() {
        var generator = SeededGenerator(seed: 26)
        for _ in 0..<400 {
            let haystack = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                UInt8.random(in: 0x61...0x64, using: &generator)
            }
            let needle = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                UInt8.random(in: 0x61...0x64, using: &generator)
            }
            let counts = (0..<256).map { _ in Int.random(in: 0...9, using: &generator) }
            let finder = SubstringFinder(needle: needle, counts: counts)
            let start = Int.random(in: 0...haystack.count, using: &generator)
            let end = Int.random(in: start...haystack.count, using: &generator)
            #expect(
                finder.first(in: haystack.span, from: start, to: end)
                    == Self.scan(haystack, needle, from: start, to: end),
                "\(needle) in \(haystack)[\(start)..<\(end)]")
        }
    }

    @Test("a needle at the very start and the very end of the range is found; one past the end is not")
    func edges() {
        let haystack = Array("xyabcxyzabc".utf8)
        let finder = SubstringFinder(needle: Array("abc".utf8), counts: [Int](repeating: 1, count: 256))
        #expect(finder.first(in: haystack.span, from: 2, to: 5) == 2)
        #expect(finder.first(in: haystack.span, from: 3, to: 11) == 8)
        #expect(finder.first(in: haystack.span, from: 3, to: 10) == nil)
    }
}
