import Foundation
import Testing

extension Interactive {
    /// `refresh` at the prompt: the unsaved marker and `undo` after another session saved.
    struct RefreshPromptTests {
        @Test("refresh keeps the current record, the marker and undo, then says up to date")
        func refreshKeepsTheCurrentRecordTheMarkerAndUndoThenSaysUpToDate() throws {
            let (folder, path) = try ConcurrentSessionTests.savedSamples()
            let terminal = try PseudoTerminal(["--file", path], folder: folder)
            #expect(terminal.waitFor("directory.plist > "))
            terminal.type("edit 3\r")
            #expect(terminal.waitFor("directory.plist [3 Kurt Krebsbach] > "))
            terminal.type("set office Lab 9\r")
            #expect(terminal.waitFor("directory.plist [3 Kurt Krebsbach]* > "))
            let other = try ProgramRun.run(
                ["--file", path, "-c", "edit 2", "-c", "set office Briggs 500", "-c", "save"], folder: folder)
            #expect(other.status == 0, "\(other.standardError)")
            terminal.type("refresh\r")
            #expect(terminal.waitFor("Merged with changes another session saved:"))
            #expect(terminal.waitFor("  changed 'Joe Gregg'"))
            #expect(terminal.waitFor("Your unsaved change is kept"))
            #expect(terminal.waitFor("directory.plist [3 Kurt Krebsbach]* > "))
            terminal.type("undo\r")
            #expect(terminal.waitFor("Undid 'set office Lab 9'."))
            #expect(terminal.waitFor("directory.plist [3 Kurt Krebsbach] > "))
            terminal.type("refresh\r")
            #expect(terminal.waitFor("Already up to date."))
            terminal.type("quit\r")
            #expect(terminal.waitForExit() == 0)
        }
    }
}
