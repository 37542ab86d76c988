import Testing

@testable import DirectoryCore

/// `StringInterner` gives back the text of the bytes it is handed, whatever it holds.
struct StringInternerTests {
    static func string(_ interner: inout StringInterner, _ text: String) -> String {
        let bytes = Array(text.utf8)
        return interner.string(bytes.span)
    }

    @Test("every text comes back unchanged, repeated or not, in a table of any size", arguments: [1, 2, 1 << 14])
    func returnsTheTextOfTheBytes(slots: Int) {
        var interner = StringInterner(slots: slots)
        let texts = [
            "", "a", "exactly 15 bytes", "Sampson House 429", "Sampson House 428", "Björklunden 243 — Ω 😀",
            "東京都千代田区丸の内一丁目", "e\u{301} combining", String(repeating: "long ", count: 200),
        ]
        for round in 0..<3 {
            for text in texts + texts.reversed() {
                let result = Self.string(&interner, text)
                #expect(result == text, "round \(round)")
                #expect(Array(result.utf8) == Array(text.utf8))
            }
        }
    }

    @Test("texts that differ only in length or in their last byte are kept apart")
    func keepsNearTextsApart() {
        var interner = StringInterner(slots: 1)
        let base = "Sampson House 42"
        for text in [base + "9", base + "9 ", base + "8", base, base + "9"] {
            #expect(Self.string(&interner, text) == text)
        }
    }
}
