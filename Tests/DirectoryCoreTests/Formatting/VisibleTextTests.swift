import Foundation
import Testing

@testable import DirectoryCore

@Suite("VisibleText: the one escaping of user data for a terminal")
struct VisibleTextTests {
    @Test(
        "characters a terminal acts on are shown as escapes",
        arguments: [
            ("a\u{1B}[2Jb", "a\\u{1b}[2Jb"), ("CSI\u{9B}31m", "CSI\\u{9b}31m"), ("n\u{85}l", "n\\u{85}l"),
            ("rtl\u{202E}txt", "rtl\\u{202e}txt"), ("iso\u{2066}late\u{2069}", "iso\\u{2066}late\\u{2069}"),
            ("emb\u{202A}\u{202B}\u{202C}\u{202D}", "emb\\u{202a}\\u{202b}\\u{202c}\\u{202d}"),
            ("del\u{7F}", "del\\u{7f}"), ("bell\u{07}", "bell\\u{7}"), ("two\nlines\tx\r", "two\\nlines\\tx\\r"),
        ])
    func escaped(text: String, shown: String) {
        #expect(VisibleText.of(text) == shown)
        #expect(VisibleText.of(shown) == shown, "escaping twice changes nothing")
    }

    @Test("ordinary text, accents, CJK, emoji and harmless neighbours of the escaped ranges are left alone")
    func untouched() {
        for text in ["Joe Gregg", "Zoë 高橋 😀", "\u{A0}nbsp", "\u{2029}\u{2070}", "\u{2065}", "\\u{1b} typed", "«»"] {
            #expect(VisibleText.of(text) == text)
        }
    }

    @Test("lines keeps line breaks and tabs of a message, and escapes the rest")
    func linesKeepBreaks() {
        #expect(VisibleText.lines("one\n\ttwo\u{1B}]0;title\u{07}") == "one\n\ttwo\\u{1b}]0;title\\u{7}")
    }

    @Test("JSON output escapes the same characters as \\u, and still reads back the same")
    func jsonOutput() throws {
        let text = "a\u{1B}b\u{9B}c\u{202E}d\u{7F}"
        let literal = JSONText.string(text)
        #expect(literal == "\"a\\u001bb\\u009bc\\u202ed\\u007f\"")
        let decoded = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed)
        #expect(decoded as? String == text)
    }

    @Test("table cells, show's names of unknown keys and CSV for a terminal go through it")
    func rendererUsesIt() {
        let record = Record(
            id: RecordID(high: 1, low: 2), values: [.text("Evil\u{9B}2J"), .text("x\u{202E}y")],
            extras: [KeyedValue("key\u{1B}[2J", .string("v\u{9B}"))])
        let rows = [RecordListing.Row(number: 1, record: record)]
        for (format, detailed) in [(OutputFormat.table, false), (.table, true), (.json, false), (.csv, false)] {
            var renderer = RecordRenderer(format: format, utcOffset: { _ in 0 })
            renderer.forTerminal = true
            let listing = RecordListing(kind: .person, rows: rows, emptyMessage: "", detailed: detailed)
            let text = renderer.render(listing)
            #expect(!text.unicodeScalars.contains { VisibleText.isUnsafe($0) && $0 != "\n" }, "\(format): \(text)")
        }
    }
}
