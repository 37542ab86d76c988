import Testing

@testable import DirectoryCore

/// `versions` and `restore N [RECORD…]` as lines.
@Suite("Commands: versions and restore")
struct RestoreCommandTests {
    @Test("restore takes a version's number, then records as list names them, and writes back as typed")
    func restoreParses() throws {
        #expect(try CommandParser.parse("versions")?.command == .versions)
        #expect(try CommandParser.parse("restore 2")?.command == .restore(version: 2, records: []))
        let some = try CommandParser.parse("restore 3 1,4-5")?.command
        #expect(some == .restore(version: 3, records: [.number(1), .range(4, 5)]))
        let named = try CommandParser.parse("restore 12 Joe Gregg")?.command
        #expect(named == .restore(version: 12, records: [.name("Joe Gregg")]))
        #expect(CommandDescription.text(of: try #require(named)) == "restore 12 Joe Gregg")
        #expect(CommandDescription.text(of: try #require(some)) == "restore 3 1 4-5")
    }

    @Test("restore without a version's number, or with one that is not a whole number from 1, is refused")
    func badVersionNumbers() {
        let usage = "restore N [N|NAME|#ID…]"
        #expect(
            throws: ParseError.missingArgument(
                command: "restore", usage: usage, hint: "a version's number (see versions)")
        ) {
            try CommandParser.parse("restore")
        }
        for word in ["0", "x", "-1", "2x", "１"] {
            #expect(throws: ParseError.invalidVersion(word, usage: usage)) {
                try CommandParser.parse("restore \(word)")
            }
        }
        #expect(throws: ParseError.unexpectedArgument(command: "versions", usage: "versions", argument: "3")) {
            try CommandParser.parse("versions 3")
        }
    }
}
