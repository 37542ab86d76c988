import Testing

@testable import DirectoryCore

@Suite("Command parser: merge and conflicts")
struct MergeCommandParserTests {
    static let valid: [ParseCase] = [
        ParseCase(line: "merge copy.plist", expected: .merge(.path("copy.plist"))),
        ParseCase(line: "merge! copy.plist", expected: .merge(.path("copy.plist"), force: true)),
        ParseCase(line: "merge conflicts", expected: .merge(.conflicts)),
        ParseCase(line: "merge --keep conflicts", expected: .merge(.conflicts, keep: true)),
        ParseCase(line: "merge --keep --keep conflicts", expected: .merge(.conflicts, keep: true)),
        ParseCase(
            line: "merge! --keep my copy.plist", expected: .merge(.path("my copy.plist"), force: true, keep: true)),
        ParseCase(line: "merge ./conflicts", expected: .merge(.path("./conflicts"))),
        ParseCase(line: "merge \"directory 2.plist\"", expected: .merge(.path("directory 2.plist"))),
        ParseCase(line: "conflicts", expected: .conflicts),
    ]

    @Test("parses", arguments: valid)
    func parses(_ test: ParseCase) throws {
        #expect(try CommandParser.parse(test.line) == test.expected)
    }

    @Test("a file named conflicts is written ./conflicts, so it is not taken for every conflict copy")
    func fileNamedConflicts() {
        #expect(CommandDescription.text(of: .merge(.path("conflicts"))) == "merge ./conflicts")
    }

    @Test("merge without a path says what it takes")
    func missingPath() {
        #expect(throws: ParseError.self) { try CommandParser.parse("merge") }
        #expect(throws: ParseError.self) { try CommandParser.parse("merge --keep") }
        #expect(throws: ParseError.self) { try CommandParser.parse("conflicts now") }
    }

    @Test("an option merge does not have is refused, naming --keep, not read as a file's path")
    func unknownOption() {
        for line in ["merge --bogus x", "merge! --bogus", "merge --keep --force conflicts"] {
            #expect(throws: ParseError.self) { try CommandParser.parse(line) }
            do {
                _ = try CommandParser.parse(line)
            } catch {
                let option = line.contains("--bogus") ? "--bogus" : "--force"
                #expect(error.message.contains("has no option '\(option)'"), "\(error.message)")
                #expect(error.message.contains("its only option is --keep"), "\(error.message)")
            }
        }
        #expect(throws: Never.self) { try CommandParser.parse("merge ./--bogus") }
    }

    @Test("help's list of commands names merge! beside merge")
    func helpNamesMergeBang() {
        let help = HelpText.overview(for: .person)
        #expect(help.contains("merge[!] [--keep] PATH|conflicts"), "\(help)")
    }

    @Test("help merge names the state folder the program uses, $XDG_STATE_HOME's when it is set")
    func helpNamesTheRealStateFolder() throws {
        var environment = SessionEnvironment.fixed()
        environment.stateFolder = "/srv/state/directory"
        var session = try Session(
            location: "/data/directory.plist", kind: nil, store: MemoryStore(), environment: environment)
        guard case .text(let text) = try session.run("help merge") else {
            Issue.record("help merge printed no text")
            return
        }
        #expect(text.contains("/srv/state/directory/versions"), "\(text)")
        #expect(!text.contains("~/.local/state"), "\(text)")
        guard case .text(let recover) = try session.run("help recover") else { return }
        #expect(recover.contains("/srv/state/directory/recovery"), "\(recover)")
    }

    @Test("a merge written back reads as the same command")
    func roundTrip() throws {
        for command: Command in [
            .merge(.path("a b.plist"), force: true, keep: true), .merge(.conflicts), .merge(.path(" lead.plist")),
        ] {
            #expect(try CommandParser.parse(CommandDescription.text(of: command)) == .command(command))
        }
    }
}
