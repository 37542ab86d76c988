import Testing

@testable import DirectoryCore

/// One line and what it must parse to.
struct ParseCase: CustomTestStringConvertible, Sendable {
    let line: String
    let expected: ParsedLine?
    var testDescription: String { line.debugDescription }

    /// A line of a session command (`nil`: a blank line or a comment).
    init(line: String, expected: Command?) {
        self.line = line
        self.expected = expected.map(ParsedLine.command)
    }

    /// A line of a command the front end carries out.
    init(line: String, expected: FrontEndCommand) {
        self.line = line
        self.expected = .frontEnd(expected)
    }
}

/// One line and the error message it must give.
struct ParseErrorCase: CustomTestStringConvertible, Sendable {
    let line: String
    let message: String
    var testDescription: String { line.debugDescription }
}

@Suite("Command parser")
struct CommandParserTests {
    static let valid: [ParseCase] = [
        ParseCase(line: "", expected: nil),
        ParseCase(line: "   ", expected: nil),
        ParseCase(line: "# a comment", expected: nil),
        ParseCase(line: "  # indented comment", expected: nil),
        ParseCase(line: "list", expected: .list),
        ParseCase(line: "ls", expected: .list),
        ParseCase(line: "  list  ", expected: .list),
        ParseCase(line: "list\r", expected: .list),
        ParseCase(line: "new", expected: .new(name: nil)),
        ParseCase(line: "new Joe Gregg", expected: .new(name: "Joe Gregg")),
        ParseCase(line: "new \"  padded  \"", expected: .new(name: "  padded  ")),
        ParseCase(line: "set name Joe Gregg", expected: .set(field: "name", value: "Joe Gregg")),
        ParseCase(line: "set office Briggs 413", expected: .set(field: "office", value: "Briggs 413")),
        ParseCase(line: "set name O'Brien", expected: .set(field: "name", value: "O'Brien")),
        ParseCase(line: "set name 'Zoë'", expected: .set(field: "name", value: "Zoë")),
        ParseCase(line: "set name \"Joe \\\"JJ\\\" Gregg\"", expected: .set(field: "name", value: "Joe \"JJ\" Gregg")),
        ParseCase(line: "set note \"line one\\nline two\"", expected: .set(field: "note", value: "line one\nline two")),
        ParseCase(line: "set office \"\"", expected: .set(field: "office", value: "")),
        ParseCase(line: "set office   Briggs   413  ", expected: .set(field: "office", value: "Briggs   413")),
        ParseCase(line: "set\tname\tTab", expected: .set(field: "name", value: "Tab")),
        ParseCase(line: "set name 'it's'", expected: .set(field: "name", value: "'it's'")),
        ParseCase(line: "edit 2", expected: .edit(.number(2))),
        ParseCase(line: "edit Joe Gregg", expected: .edit(.name("Joe Gregg"))),
        ParseCase(line: "show", expected: .show()),
        ParseCase(line: "show 2", expected: .show(.number(2))),
        ParseCase(line: "show #E621", expected: .show(RecordIDPrefix("e621").map { .id($0) })),
        ParseCase(line: "delete 3", expected: .delete([.number(3)])),
        ParseCase(line: "delete 2-4 7", expected: .delete([.range(2, 4), .number(7)])),
        ParseCase(line: "list 2-99999999999999999999", expected: .listRecords([.range(2, Int.max)])),
        ParseCase(line: "set ofice", expected: .set(field: "ofice", value: "")),
        ParseCase(line: "delete 1,3", expected: .delete([.number(1), .number(3)])),
        ParseCase(line: "rm 1", expected: .delete([.number(1)])),
        ParseCase(line: "find briggs 4", expected: .find("briggs 4")),
        ParseCase(line: "save", expected: .save(force: false)),
        ParseCase(line: "save!", expected: .save(force: true)),
        ParseCase(line: "save as /tmp/x.plist", expected: .saveAs(location: "/tmp/x.plist")),
        ParseCase(line: "save as \"/tmp/a b.json\"", expected: .saveAs(location: "/tmp/a b.json")),
        ParseCase(line: "open ~/list.json", expected: .open(location: "~/list.json", force: false)),
        ParseCase(line: "open! other.plist", expected: .open(location: "other.plist", force: true)),
        ParseCase(line: "changes", expected: .changes),
        ParseCase(line: "undo", expected: .undo),
        ParseCase(line: "revert", expected: .revert),
        ParseCase(line: "done", expected: .done(date: nil)),
        ParseCase(line: "done 2026-05-01", expected: .done(date: "2026-05-01")),
        ParseCase(line: "undone", expected: .undone),
        ParseCase(line: "autosave", expected: .autosave(nil)),
        ParseCase(line: "autosave on", expected: .autosave(true)),
        ParseCase(line: "autosave OFF", expected: .autosave(false)),
        ParseCase(line: "history", expected: .history(count: nil)),
        ParseCase(line: "history 5", expected: .history(count: 5)),
        ParseCase(line: "help", expected: .help(topic: nil)),
        ParseCase(line: "help set", expected: .help(topic: "set")),
        ParseCase(line: "?", expected: .help(topic: nil)),
        ParseCase(line: "quit", expected: .quit(force: false)),
        ParseCase(line: "exit", expected: .quit(force: false)),
        ParseCase(line: "quit!", expected: .quit(force: true)),
        ParseCase(line: "clear", expected: .clear),
        ParseCase(line: "format", expected: .format(nil)),
        ParseCase(line: "format JSON", expected: .format(.json)),
        ParseCase(line: "source setup.txt", expected: .source(path: "setup.txt")),
        ParseCase(line: ".read \"a b.txt\"", expected: .source(path: "a b.txt")),
        ParseCase(line: "\\i setup.txt", expected: .source(path: "setup.txt")),
    ]

    @Test("parses valid lines", arguments: valid)
    func parsesValidLine(_ testCase: ParseCase) throws {
        #expect(try CommandParser.parse(testCase.line) == testCase.expected)
    }

    static let invalid: [ParseErrorCase] = [
        ParseErrorCase(line: "sett name Joe", message: "unknown command 'sett'; did you mean 'set'?"),
        ParseErrorCase(line: "lsit", message: "unknown command 'lsit'; did you mean 'list'?"),
        ParseErrorCase(line: "frobnicate", message: "unknown command 'frobnicate'; type 'help' for a list of commands"),
        ParseErrorCase(line: "set", message: "set needs a field and a value; usage: set FIELD VALUE"),
        ParseErrorCase(
            line: "set name",
            message: "set needs a value after 'name' (to clear it: set name \"\"); usage: set FIELD VALUE"),
        ParseErrorCase(
            line: "set name \"Joe",
            message: "the value has no closing \"; end it with \" or drop the opening quote"),
        ParseErrorCase(
            line: "set name \"Joe\" Gregg",
            message: "unexpected text ' Gregg' after the closing quote; put the whole value inside the quotes"),
        ParseErrorCase(
            line: "set name \"a\\qb\"", message: "unknown escape '\\q' inside double quotes; use \\\\ for a backslash"),
        ParseErrorCase(
            line: "list all",
            message: "'all' is not a record number (use the numbers that list shows); usage: list [N|RANGE|#ID…]"),
        ParseErrorCase(line: "edit", message: "edit needs a record number (see list); usage: edit N|NAME|#ID"),
        ParseErrorCase(
            line: "delete", message: "delete needs a record number (see list); usage: delete N|NAME|#ID [N…]"),
        ParseErrorCase(
            line: "delete 0",
            message: "'0' is not a record number (use the numbers that list shows); usage: delete N|NAME|#ID [N…]"),
        ParseErrorCase(
            line: "delete 99999999999999999999999",
            message:
                "'99999999999999999999999' is not a record number (use the numbers that list shows); usage: delete N|NAME|#ID [N…]"
        ),
        ParseErrorCase(
            line: "delete 2-x",
            message: "'2-x' is not a record number (use the numbers that list shows); usage: delete N|NAME|#ID [N…]"),
        ParseErrorCase(
            line: "delete 4-2", message: "the range '4-2' runs backwards; write the smaller number first, e.g. 2-4"),
        ParseErrorCase(line: "find", message: "find needs some text to look for; usage: find TEXT | find FIELD:TEXT"),
        ParseErrorCase(line: "autosave maybe", message: "autosave takes on or off, not 'maybe'"),
        ParseErrorCase(
            line: "save as", message: "save as needs a file path; usage: save | save! | save as [--xml] PATH"),
        ParseErrorCase(line: "open", message: "open needs a file path; usage: open PATH"),
        ParseErrorCase(line: "open \"\"", message: "open needs a file path; usage: open PATH"),
        ParseErrorCase(line: "history abc", message: "'abc' is not a number of lines; usage: history [N]"),
        ParseErrorCase(line: "history -1", message: "'-1' is not a number of lines; usage: history [N]"),
        ParseErrorCase(
            line: "!!",
            message: "'!!' recalls a line of the history, which only the interactive prompt has; write the command out"
        ),
    ]

    @Test("rejects invalid lines with a message that says what to do", arguments: invalid)
    func rejectsInvalidLine(_ testCase: ParseErrorCase) {
        #expect(throws: (any Error).self) { try CommandParser.parse(testCase.line) }
        do {
            _ = try CommandParser.parse(testCase.line)
        } catch {
            #expect(error.message == testCase.message)
        }
    }

    @Test("every command in the table parses by its name and aliases")
    func everyTableNameParses() throws {
        for spec in CommandTable.all {
            for name in spec.allNames {
                do {
                    _ = try CommandParser.parse(name)
                } catch {
                    // Commands that need an argument complain about it, never about the name.
                    if case .unknownCommand = error { Issue.record("'\(name)' is not recognised") }
                }
            }
        }
    }

    @Test("a line's command is named even when its arguments do not parse, so a failed open is known")
    func commandNameOfALine() {
        #expect(CommandParser.commandName(of: "open \"unterminated") == "open")
        #expect(CommandParser.commandName(of: "  open! x.json") == "open")
        #expect(CommandParser.commandName(of: "ls 2") == "list")
        #expect(CommandParser.commandName(of: "openx y") == nil)
        #expect(CommandParser.commandName(of: "# open x") == nil)
        #expect(CommandParser.commandName(of: "") == nil)
    }

    @Test("the suggestion is the nearest command by edit distance")
    func suggestionUsesEditDistance() {
        #expect(Suggestion.editDistance("sett", "set") == 1)
        #expect(Suggestion.editDistance("lsit", "list") == 1)
        #expect(Suggestion.closest(to: "shwo", in: CommandTable.allNames) == "show")
        #expect(Suggestion.closest(to: "xyzzy", in: CommandTable.allNames) == nil)
    }
}
