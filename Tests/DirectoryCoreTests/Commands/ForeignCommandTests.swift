import Testing

@testable import DirectoryCore

/// sqlite3's and psql's commands, answered with what does their work here.
struct ForeignCommandTests {
    @Test(
        "sqlite3's and psql's output commands point at format and export -",
        arguments: [".mode", ".MODE", "\\pset", "\\a", "\\x", ".output", ".once", "\\o"])
    func outputCommandsGetAHint(name: String) {
        #expect(throws: ParseError.self) { try CommandParser.parse(name + " csv") }
        do {
            _ = try CommandParser.parse(name + " csv")
        } catch {
            guard case .foreignCommand(let named, let hint) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(named == name)
            #expect(hint.contains("'format csv'") || hint.contains("'export csv -'"))
        }
    }

    @Test("libedit's bind (and its other editrc commands) typed at the prompt point at ~/.editrc, not at find")
    func editrcCommandsPointAtEditrc() {
        for line in ["bind -v", "bind -e", "settc"] {
            #expect(throws: ParseError.self) { try CommandParser.parse(line) }
            do {
                _ = try CommandParser.parse(line)
            } catch {
                #expect(error.message.contains("go in ~/.editrc"), "\(error.message)")
                #expect(!error.message.contains("find"), "\(error.message)")
            }
        }
    }

    @Test("a word neither program has keeps the usual suggestion")
    func otherWordsAreUnknown() {
        #expect(ForeignCommand.hint(for: "lsit") == nil)
        #expect(throws: ParseError.unknownCommand("lsit", suggestion: "list")) { try CommandParser.parse("lsit") }
    }
}
