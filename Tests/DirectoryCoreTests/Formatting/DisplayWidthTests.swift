import Testing

@testable import DirectoryCore

@Suite("DisplayWidth: the quick count agrees with the count by grapheme cluster")
struct DisplayWidthTests {
    /// Every scalar the quick count knows, and the first outside each of its ranges.
    static let scalars: [Unicode.Scalar] = [
        0x20..<0x80, 0x9F..<0x301, 0x36F..<0x531, 0x1DFF..<0x1F01, 0x33FF..<0x4DC1, 0x4DFF..<0xA001,
    ].flatMap { $0 }.compactMap { Unicode.Scalar(UInt32($0)) }

    @Test("each scalar alone, and before and after a letter, has the width its cluster has")
    func eachScalar() {
        for scalar in Self.scalars {
            let text = String(Character(scalar))
            guard let quick = DisplayWidth.simpleWidth(text) else { continue }
            #expect(quick == DisplayWidth.of(Character(scalar)), "U+\(String(scalar.value, radix: 16))")
            let around = "a" + text + "a" + text
            #expect(around.count == 4, "U+\(String(scalar.value, radix: 16)) joins a neighbour")
            #expect(DisplayWidth.simpleWidth(around) == around.reduce(0) { $0 + DisplayWidth.of($1) })
        }
    }

    @Test("text with a combining mark, an emoji or a control is left to the count by cluster")
    func othersAreNotQuick() {
        for text in ["e\u{301}", "🙂", "a\u{200D}b", "\u{1F1EB}\u{1F1F7}", "\t", "\u{85}", "한"] {
            #expect(DisplayWidth.simpleWidth(text) == nil, "\(text.debugDescription)")
        }
        #expect(DisplayWidth.of("Søren 高橋 Thompson ễ") == 21)
        #expect(DisplayWidth.of("soft\u{AD}hyphen") == 10)
    }
}
