import Testing

@testable import DirectoryCore

/// Ranges as other tools spell them, `help` of a command written out with its arguments, and
/// the usage lines of the commands that take records: what a newcomer types first.
@Suite("Command parser: an open range end, other tools' range spellings, help of a whole usage")
struct RangeSpellingParserTests {
    static let valid: [ParseCase] = [
        ParseCase(line: "list 2-", expected: .listRecords([.range(2, Int.max)])),
        ParseCase(line: "list 1,3 7-", expected: .listRecords([.number(1), .number(3), .range(7, Int.max)])),
        ParseCase(line: "delete 5-", expected: .delete([.range(5, Int.max)])),
        ParseCase(line: "editor 10-", expected: .editor([.range(10, Int.max)])),
        ParseCase(line: "help save as", expected: .help(topic: "save")),
        ParseCase(line: "help save as notes.plist", expected: .help(topic: "save")),
        ParseCase(line: "help list 10-20", expected: .help(topic: "list")),
        ParseCase(line: "help save!", expected: .help(topic: "save!")),
        ParseCase(line: "help frobnicate now", expected: .help(topic: "frobnicate now")),
    ]

    @Test("an open end runs to the end of the list; help names the command of a whole usage", arguments: valid)
    func parsesValidLine(_ testCase: ParseCase) throws {
        #expect(try CommandParser.parse(testCase.line) == testCase.expected)
    }

    static let invalid: [ParseErrorCase] = [
        ParseErrorCase(
            line: "list 2..4",
            message: "'2..4' is not a range here; write 2-4 (a range is N-M, first to last)"),
        ParseErrorCase(
            line: "delete 1 2..4",
            message: "'2..4' is not a range here; write 2-4 (a range is N-M, first to last)"),
        ParseErrorCase(
            line: "list -3", message: "'-3' is not a range here; write 1-3 (a range is N-M, first to last)"),
        ParseErrorCase(
            line: "list 2...4",
            message: "'2...4' is not a record number (use the numbers that list shows); usage: list [N|RANGE|#ID…]"),
        ParseErrorCase(
            line: "list 2-x",
            message: "'2-x' is not a record number (use the numbers that list shows); usage: list [N|RANGE|#ID…]"),
    ]

    @Test("a range in another tool's spelling is answered with this one's", arguments: invalid)
    func rejectsOtherSpelling(_ testCase: ParseErrorCase) {
        #expect(throws: (any Error).self) { try CommandParser.parse(testCase.line) }
        do {
            _ = try CommandParser.parse(testCase.line)
        } catch {
            #expect(error.message == testCase.message)
        }
    }

    @Test("every command that takes records says in its usage that #ID names one")
    func usageNamesIDs() {
        let takingRecords = CommandTable.all.filter { $0.argument == .records }
        #expect(takingRecords.count >= 6)
        for spec in takingRecords {
            #expect(spec.usage.contains("#ID"), "\(spec.usage)")
        }
    }
}
