import Foundation
import Testing

@Suite("End to end: user data never reaches the terminal as control sequences")
struct TerminalEscapeTests {
    /// Whether `text` holds a character a terminal would act on, other than line breaks and tabs.
    static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            let value = scalar.value
            return (value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }

    @Test("list shows C1 controls and bidi overrides in names as escapes")
    func listEscapesC1AndBidi() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            ["--file", folder.file("p.json"), "-c", "new A\u{9B}31mB", "-c", "new x\u{202E}y\u{2066}z", "-c", "list"],
            folder: folder)
        #expect(run.status == 1, "unsaved")
        #expect(run.standardOutput.contains("A\\u{9b}31mB"))
        #expect(run.standardOutput.contains("x\\u{202e}y\\u{2066}z"))
        #expect(!Self.hasControls(run.standardOutput))
    }

    @Test("show escapes the names of keys it does not know")
    func showEscapesUnknownKeys() throws {
        let folder = TemporaryFolder()
        let path = folder.file("p.json")
        let json = #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Ann","\u001b[2Jkey":"v\u009b"}]"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let run = try ProgramRun.run(["--file", path, "-c", "edit 1", "-c", "show"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("\\u{1b}[2Jkey"))
        #expect(!Self.hasControls(run.standardOutput))
    }

    @Test("errors escape the commands, names and paths they echo")
    func errorsEscapeEchoes() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            [
                "--file", folder.file("p.json"), "-c", "frob\u{1B}]0;title\u{07}", "-c", "edit Evil\u{9B}2J",
                "-c", "import csv \(folder.file("none\u{1B}[2J.csv"))",
            ], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("unknown command 'frob\\u{1b}]0;title\\u{7}'"), "\(run.standardError)")
        #expect(run.standardError.contains("Evil\\u{9b}2J"))
        #expect(run.standardError.contains("none\\u{1b}[2J.csv"))
        #expect(!Self.hasControls(run.standardError))
    }

    @Test("--format csv at a terminal escapes controls; through a pipe it keeps the bytes")
    func csvAtATerminal() throws {
        let folder = TemporaryFolder()
        let path = folder.file("p.json")
        let saved = try ProgramRun.run(["--file", path, "-c", "new Evil\u{1B}[31mRed", "-c", "save"], folder: folder)
        #expect(saved.status == 0)
        let terminal = try PseudoTerminal(["--file", path, "--format", "csv", "-c", "list"], folder: folder)
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.rawText.contains("Evil\\u{1b}[31mRed"), "\(terminal.rawText)")
        #expect(!terminal.rawText.contains("\u{1B}[31m"))
        let piped = try ProgramRun.run(["--file", path, "--format", "csv", "-c", "list"], folder: folder)
        #expect(piped.standardOutput.contains("Evil\u{1B}[31mRed"))
    }

    @Test("--print-config escapes a path from the command line, the environment or the config file")
    func printConfigEscapesPaths() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            ["--print-config", "--file", folder.file("a\u{1B}]0;x\u{07}.json")], folder: folder)
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("a\\u{1b}]0;x\\u{7}.json"), "\(run.standardOutput)")
        #expect(!Self.hasControls(run.standardOutput))
    }

    @Test("merge notes escape the names another session saved")
    func mergeNotesEscapeNames() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let sessionA = try ConcurrentSessionTests.holdingSession(path, folder: folder, edits: "new Mine")
        let sessionB = try ProgramRun.run(
            ["--file", path, "-c", "new Theirs\u{1B}]0;pwned\u{07}\u{202E}", "-c", "save"], folder: folder)
        #expect(sessionB.status == 0)
        sessionA.send("save")
        let run = sessionA.finish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("added 'Theirs\\u{1b}]0;pwned\\u{7}\\u{202e}'"), "\(run.standardError)")
        #expect(!Self.hasControls(run.standardError))
    }

    @Test("a conflict copy's file name is escaped in a script's warning and in the prompt's banner")
    func conflictCopyNameEscaped() throws {
        let folder = TemporaryFolder()
        let path = folder.file("directory.plist")
        #expect(try ProgramRun.run(["--file", path, "-c", "save"], folder: folder).status == 0)
        let copy = folder.file("directory (\u{1B}[31mEvil\u{1B}]0;pwned\u{07}s conflicted copy 2026-12-05).plist")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let escaped = "\\u{1b}[31mEvil\\u{1b}]0;pwned\\u{7}s conflicted copy"
        let run = try ProgramRun.run(["--file", path, "-c", "conflicts"], folder: folder)
        #expect(run.standardError.contains(escaped), "\(run.standardError)")
        #expect(!Self.hasControls(run.standardError) && !Self.hasControls(run.standardOutput))
        let terminal = try PseudoTerminal(["--file", path], folder: folder)
        #expect(terminal.waitFor("conflicted copy"))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.rawText.contains("\\u{1b}[31mEvil\\u{1b}]0;pwned\\u{7}s"), "\(terminal.rawText)")
        #expect(!terminal.rawText.contains("\u{1B}[31m") && !terminal.rawText.contains("\u{1B}]0;"))
        #expect(!terminal.rawText.contains("\u{07}"))
    }
}
