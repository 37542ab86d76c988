import Testing

@testable import DirectoryCore

@Suite("Command parser: redo, move, sort, list ranges, find FIELD:TEXT, editor")
struct OrderCommandParserTests {
    static let valid: [ParseCase] = [
        ParseCase(line: "redo", expected: .redo),
        ParseCase(line: "move 5 to 1", expected: .move(from: .number(5), to: 1)),
        ParseCase(line: "move 2 4", expected: .move(from: .number(2), to: 4)),
        ParseCase(line: "move  3  TO  1 ", expected: .move(from: .number(3), to: 1)),
        ParseCase(line: "move #e621 to 2", expected: RecordIDPrefix("E621").map { .move(from: .id($0), to: 2) }),
        ParseCase(line: "sort name", expected: .sort(field: "name", descending: false)),
        ParseCase(line: "sort office desc", expected: .sort(field: "office", descending: true)),
        ParseCase(line: "sort office DESCENDING", expected: .sort(field: "office", descending: true)),
        ParseCase(line: "sort name asc", expected: .sort(field: "name", descending: false)),
        ParseCase(line: "list 10-20", expected: .listRecords([.range(10, 20)])),
        ParseCase(line: "list 5", expected: .listRecords([.number(5)])),
        ParseCase(line: "ls 1,3 7-8", expected: .listRecords([.number(1), .number(3), .range(7, 8)])),
        ParseCase(line: "find office:briggs", expected: .findField(field: "office", text: "briggs")),
        ParseCase(line: "find name:Zoë 高橋", expected: .findField(field: "name", text: "Zoë 高橋")),
        ParseCase(line: "find \"office:Briggs 4\"", expected: .findField(field: "office", text: "Briggs 4")),
        ParseCase(line: "find 10:30", expected: .find("10:30")),
        ParseCase(line: "find :x", expected: .find(":x")),
        ParseCase(line: "find briggs", expected: .find("briggs")),
        ParseCase(line: "editor", expected: .editor([])),
        ParseCase(line: "editor 10-20 25", expected: .editor([.range(10, 20), .number(25)])),
        ParseCase(line: "editor Joe Gregg", expected: .editor([.name("Joe Gregg")])),
    ]

    @Test("parses", arguments: valid)
    func parses(_ example: ParseCase) throws {
        #expect(try CommandParser.parse(example.line) == example.expected)
    }

    static let invalid: [ParseErrorCase] = [
        ParseErrorCase(line: "redo 2", message: "redo takes no argument '2'; usage: redo"),
        ParseErrorCase(line: "move", message: "move needs two record numbers: move 5 to 1; usage: move N|#ID to M"),
        ParseErrorCase(line: "move 3", message: "move needs two record numbers: move 5 to 1; usage: move N|#ID to M"),
        ParseErrorCase(
            line: "move 1 to",
            message: "move needs the position to move it to after 'to' (move 5 to 1); usage: move N|#ID to M"),
        ParseErrorCase(
            line: "move 3 to x",
            message: "'x' is not a record number (use the numbers that list shows); usage: move N|#ID to M"),
        ParseErrorCase(
            line: "move 0 to 1",
            message: "'0' is not a record number (use the numbers that list shows); usage: move N|#ID to M"),
        ParseErrorCase(line: "move 1 to 2 3", message: "move takes no argument '1 to 2 3'; usage: move N|#ID to M"),
        ParseErrorCase(
            line: "find name:",
            message: "find needs some text to look for after name:; usage: find TEXT | find FIELD:TEXT"),
        ParseErrorCase(line: "sort", message: "sort needs a field to sort by; usage: sort FIELD [desc]"),
        ParseErrorCase(line: "sort name up", message: "sort takes asc or desc, not 'up'"),
        ParseErrorCase(line: "sort name desc now", message: "sort takes no argument 'now'; usage: sort FIELD [desc]"),
        ParseErrorCase(
            line: "list 4-2", message: "the range '4-2' runs backwards; write the smaller number first, e.g. 2-4"),
        ParseErrorCase(
            line: "editor 0",
            message: "'0' is not a record number (use the numbers that list shows); usage: editor [N|RANGE|#ID…]"),
    ]

    @Test("refuses with a message that says what to do", arguments: invalid)
    func refuses(_ example: ParseErrorCase) {
        do {
            _ = try CommandParser.parse(example.line)
            Issue.record("\(example.line) parsed")
        } catch {
            #expect(error.message == example.message)
        }
    }
}
