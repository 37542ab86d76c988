import Testing

@testable import DirectoryCore

@Suite("CSV parser")
struct CSVParserTests {
    /// One case: the file's text, the separator, and the rows expected (line, fields, problem).
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        var separator: UInt8 = UInt8(ascii: ",")
        let rows: [CSVParser.Row]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "plain rows with LF", text: "a,b\n1,2\n",
            rows: [.init(line: 1, fields: ["a", "b"]), .init(line: 2, fields: ["1", "2"])]),
        Case(
            name: "CRLF, a byte order mark and no final line break", text: "\u{FEFF}a,b\r\n1,2",
            rows: [.init(line: 1, fields: ["a", "b"]), .init(line: 2, fields: ["1", "2"])]),
        Case(
            name: "quoted commas, doubled quotes and empty fields", text: "\"x, y\",\"say \"\"hi\"\"\",,\"\"\n",
            rows: [.init(line: 1, fields: ["x, y", "say \"hi\"", "", ""])]),
        Case(
            name: "a line break inside quotes, counted for later lines", text: "\"two\r\nlines\",b\r\nc,d\r\n",
            rows: [.init(line: 1, fields: ["two\r\nlines", "b"]), .init(line: 3, fields: ["c", "d"])]),
        Case(
            name: "blank lines are skipped", text: "a\n\n\r\nb\n",
            rows: [.init(line: 1, fields: ["a"]), .init(line: 4, fields: ["b"])]),
        Case(
            name: "semicolons when asked, commas then are text", text: "a;b,c\n", separator: UInt8(ascii: ";"),
            rows: [.init(line: 1, fields: ["a", "b,c"])]),
        Case(
            name: "text after a closing quote makes the row a problem", text: "\"a\"b,c\nd\n",
            rows: [
                .init(
                    line: 1, fields: ["a", "c"],
                    problem: "text after the closing quote of field 1; double a quote inside quotes (\"\")"),
                .init(line: 2, fields: ["d"]),
            ]),
        Case(
            name: "an unclosed quote runs to the end and is a problem", text: "a\n\"b,c\nd\n",
            rows: [
                .init(line: 1, fields: ["a"]),
                .init(line: 2, fields: ["b,c\nd\n"], problem: "field 1 opens a quote that is never closed"),
            ]),
    ]

    @Test("rows and fields follow RFC 4180 and what spreadsheets write", arguments: cases)
    func parses(_ example: Case) {
        #expect(CSVParser.rows(of: Array(example.text.utf8), separator: example.separator) == example.rows)
    }

    @Test("a row that is not UTF-8 is a problem naming the fix")
    func invalidUTF8() {
        let rows = CSVParser.rows(of: Array("a\n".utf8) + [0xE9, 0x0A], separator: UInt8(ascii: ","))
        #expect(rows.last?.problem == "not UTF-8 text (save the file as UTF-8 CSV)")
        #expect(rows.last?.line == 2)
    }
}

extension CSVParser.Row {
    /// A row for expectations.
    init(line: Int, fields: [String]) {
        self.init(line: line, fields: fields, problem: nil)
    }
}
