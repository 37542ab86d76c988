import Testing

@testable import DirectoryCore

/// `new` and `set` have one grammar, on UTF-8 bytes: a line parses the same whichever way
/// it comes in, and lines that start with another word are left to the general parser.
@Suite("Command parser: the grammar of new and set")
struct NewAndSetCommandParserTests {
    static let lines = [
        "new", "new Joe Gregg", "  new\tZoë 高橋  ", "new O'Brien", "new 'Quoted'", "new \"Quoted\"", "new \"a\\\"b\"",
        "new \"\"", "new \"", "new \"unterminated", "new \"a\" b", "newer", "news Joe", "set", "set name",
        "set name Joe Gregg", "set office \"Briggs 413\"", "set office \"\"", "set  office   Steitz 131  ",
        "set office\t\"Zoë's\"", "set office \"a\\nb\"", "set name \"x\"y\"", "set Name Joe\r", "set name \"\u{301}x\"",
        "set ofice", "setx name Joe", "list", "# new comment",
    ]

    @Test("a line parses as the general parser's new and set parse it, errors included", arguments: lines)
    func agrees(line: String) {
        let parsed = Result { () throws(ParseError) in try CommandParser.parse(line) }
        let general = Result { () throws(ParseError) in try CommandParser.parseGeneral(Substring(line)) }
        #expect(parsed == general)
    }

    @Test(
        "a line's UTF-8 bytes parse as its text does, errors included", arguments: lines + ["history 2", "editor 1-2"])
    func bytesParseAsText(line: String) {
        let bytes = Array(line.utf8)
        let fromBytes = Result { () throws(ParseError) in try CommandParser.parse(utf8: bytes.span) }
        let fromText = Result { () throws(ParseError) in try CommandParser.parse(line) }
        #expect(fromBytes == fromText)
    }

    @Test("leaves lines that start with another word to the general parser")
    func otherWords() throws {
        for line in ["list", "newer", "news Joe", "setx name Joe", "# new comment", "", "  ", "se", "new\u{301}"] {
            let bytes = Array(line.utf8)
            #expect(try CommandParser.newOrSet(in: bytes.span) == nil, "\(line)")
        }
    }
}
