import Testing

@testable import DirectoryCore

/// The byte-level fast path for `new` and `set` must agree with the general parser
/// on every line it accepts, and leave every other line to it.
@Suite("Command parser: the fast path for new and set")
struct CommonCommandParserTests {
    static let lines = [
        "new", "new Joe Gregg", "  new\tZoë 高橋  ", "new O'Brien", "new 'Quoted'", "new \"Quoted\"", "new \"a\\\"b\"",
        "new \"\"", "new \"", "new \"unterminated", "new \"a\" b", "newer", "news Joe", "set", "set name",
        "set name Joe Gregg", "set office \"Briggs 413\"", "set office \"\"", "set  office   Steitz 131  ",
        "set office\t\"Zoë's\"", "set office \"a\\nb\"", "set name \"x\"y\"", "set Name Joe\r", "set name \"\u{301}x\"",
        "setx name Joe", "list", "# new comment",
    ]

    @Test("agrees with the general parser", arguments: lines)
    func agrees(line: String) throws {
        guard let fast = CommandParser.parseCommon(line) else { return }
        #expect(try CommandParser.parse(line) == .command(fast))
        #expect(fast == (try? general(line)))
    }

    @Test(
        "a line's UTF-8 bytes parse as its text does, errors included", arguments: lines + ["history 2", "editor 1-2"])
    func bytesParseAsText(line: String) {
        let bytes = Array(line.utf8)
        let fromBytes = Result { () throws(ParseError) in try CommandParser.parse(utf8: bytes.span) }
        let fromText = Result { () throws(ParseError) in try CommandParser.parse(line) }
        #expect(fromBytes == fromText)
    }

    @Test("leaves other commands, quotes with escapes and errors to the general parser")
    func declines() {
        for line in [
            "list", "new 'Quoted'", "new \"a\\\"b\"", "new \"", "set", "set name", "newer", "set name \"x\"y\"",
        ] {
            #expect(CommandParser.parseCommon(line) == nil, "\(line)")
        }
    }

    /// The general parser's result for `line`, without the fast path.
    private func general(_ line: String) throws -> Command? {
        try CommandParser.parseGeneral(Substring(line))?.command
    }
}
