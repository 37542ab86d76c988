import Testing

@testable import DirectoryCore

@Suite("Command parser: import and export")
struct ExchangeCommandParserTests {
    static let semicolon = ExchangeOptions(separator: UInt8(ascii: ";"))

    static let valid: [ParseCase] = [
        ParseCase(line: "import csv people.csv", expected: .importFile(.csv, path: "people.csv", options: .init())),
        ParseCase(
            line: "import CSV \"my people.csv\"", expected: .importFile(.csv, path: "my people.csv", options: .init())),
        ParseCase(
            line: "import csv --partial --separator ; a b.csv",
            expected: .importFile(.csv, path: "a b.csv", options: .init(partial: true, separator: UInt8(ascii: ";")))),
        ParseCase(line: "import csv --separator=';' x", expected: .importFile(.csv, path: "x", options: semicolon)),
        ParseCase(
            line: "export csv --separator tab x.tsv",
            expected: .exportFile(.csv, path: "x.tsv", options: .init(separator: 0x09))),
        ParseCase(
            line: "import vcard --partial c.vcf",
            expected: .importFile(.vcard, path: "c.vcf", options: .init(partial: true))),
        ParseCase(line: "export json backup.json", expected: .exportFile(.json, path: "backup.json", options: .init())),
    ]

    @Test("import and export lines parse to their format, options and path", arguments: valid)
    func parses(_ example: ParseCase) throws {
        #expect(try CommandParser.parse(example.line) == example.expected)
    }

    static let invalid: [ParseErrorCase] = [
        ParseErrorCase(
            line: "import",
            message: "import needs a format (csv, json, vcard) and a path; "
                + "usage: import FORMAT [OPTIONS] PATH"),
        ParseErrorCase(line: "export xml a", message: "export takes csv or json or vcard, not 'xml'"),
        ParseErrorCase(
            line: "export csv",
            message: "export csv needs a file path; usage: export FORMAT [OPTIONS] PATH"),
        ParseErrorCase(line: "export csv --partial x", message: "export csv takes --separator, not '--partial'"),
        ParseErrorCase(line: "import csv --separator | x", message: "--separator takes , or ; or tab, not '|'"),
    ]

    @Test("mistakes in import and export lines say what is expected", arguments: invalid)
    func rejects(_ example: ParseErrorCase) {
        do {
            _ = try CommandParser.parse(example.line)
            Issue.record("parsed \(example.line)")
        } catch {
            #expect(error.message == example.message)
        }
    }

    @Test("a parsed import or export line is written back as the same line", arguments: valid)
    func describesItself(_ example: ParseCase) throws {
        let command = try #require(try CommandParser.parse(example.line)?.command)
        #expect(try CommandParser.parse(CommandDescription.text(of: command)) == .command(command))
    }
}
