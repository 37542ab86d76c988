import Testing

@testable import DirectoryPostgreSQL

@Suite("COPY text format")
struct CopyTextTests {
    static func fields(_ row: String) -> [String?] {
        var fields: [CopyText.Field] = []
        let bytes = Array(row.utf8)
        CopyText.fields(of: bytes.span, into: &fields)
        return fields.map { field in field.map { CopyText.text(bytes.span.extracting($0)) } }
    }

    @Test("a row splits at tabs; \\N is NULL; the newline is not part of the last field")
    func splitting() {
        #expect(Self.fields("a\tb\t\\N\t\n") == ["a", "b", nil, ""])
        #expect(Self.fields("only") == ["only"])
        #expect(Self.fields("\\\\N\t\\N") == ["\\N", nil])
    }

    @Test(
        "escapes decode",
        arguments: [
            ("a\\tb", "a\tb"), ("line\\nbreak\\r", "line\nbreak\r"), ("back\\\\slash", "back\\slash"),
            ("\\b\\f\\v", "\u{8}\u{C}\u{B}"), ("\\101\\x42\\x4", "AB\u{4}"), ("\\q", "q"), ("tail\\", "tail\\"),
        ])
    func unescaping(escaped: String, text: String) {
        #expect(Self.fields(escaped) == [text])
    }

    @Test("text with tabs, newlines and backslashes encodes to one field that decodes to itself")
    func roundTrip() {
        for text in ["plain", "x'); drop table people; --", "a\tb\nc\rd\\e", "Zoë ✓", ""] {
            var row: [UInt8] = []
            CopyText.appendText(text, to: &row)
            #expect(!row.contains(0x09) && !row.contains(0x0A))
            #expect(Self.fields(String(decoding: row, as: UTF8.self)) == [text])
        }
        var null: [UInt8] = []
        CopyText.appendNull(to: &null)
        #expect(Self.fields(String(decoding: null, as: UTF8.self)) == [nil])
    }
}
