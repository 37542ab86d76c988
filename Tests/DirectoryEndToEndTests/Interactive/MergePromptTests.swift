import Foundation
import Testing

/// `merge` typed at the prompt (issue 31).
@Suite("Merge at the prompt")
struct MergePromptTests {
    /// `list.plist` with Ann's office "Here", and `copy.plist`, copied from it before, with "There".
    static func conflictingCopy(in folder: TemporaryFolder) throws {
        let made = try ProgramRun.run(
            ["--file", "list.plist", "-c", "new Ann Able", "-c", "save"], folder: folder)
        #expect(made.status == 0, "\(made.standardError)")
        try FileManager.default.copyItem(atPath: folder.file("list.plist"), toPath: folder.file("copy.plist"))
        for (file, office) in [("copy.plist", "There"), ("list.plist", "Here")] {
            let edited = try ProgramRun.run(
                ["--file", file, "-c", "edit Ann Able", "-c", "set office \(office)", "-c", "save"], folder: folder)
            #expect(edited.status == 0, "\(edited.standardError)")
        }
    }

    @Test("a merge with a conflict prints its summary with the conflict listed, not as an error; a script's fails")
    func mergeWithConflictsIsASummary() throws {
        let folder = TemporaryFolder()
        try Self.conflictingCopy(in: folder)
        let script = try ProgramRun.run(["--file", "list.plist", "-c", "merge copy.plist"], folder: folder)
        #expect(script.status == 1, "\(script.standardError)")
        #expect(script.standardError.contains("kept \"Here\""), "\(script.standardError)")
        let terminal = try PseudoTerminal(["--file", folder.file("list.plist"), "--no-pager"], folder: folder)
        #expect(terminal.waitFor("list.plist > "))
        terminal.type("merge \(folder.file("copy.plist"))\r")
        #expect(terminal.waitFor("Merged copy.plist into list.plist"))
        #expect(
            terminal.waitFor("'merge! \(folder.file("copy.plist"))' takes the copy's value on every conflict instead."))
        #expect(terminal.waitFor("> "))
        // The report is wrapped between words at the window's width, continuations indented.
        let words = terminal.screenText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("office is \"Here\" here but \"There\" in copy.plist; kept \"Here\""), "\(words)")
        #expect(!terminal.screenText.contains("error:"), "\(terminal.screenText)")
        terminal.type("quit!\r")
        #expect(terminal.waitForExit() == 0)
    }
}
