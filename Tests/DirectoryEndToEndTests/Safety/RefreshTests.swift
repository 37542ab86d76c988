import Foundation
import Testing

@Suite("Safety: refresh between two live sessions")
struct RefreshTests {
    /// Starts session B on `path`, runs `lines` and waits until they are done: `changes`
    /// always prints, so its answer after the last line says B got that far.
    static func liveSession(_ path: String, folder: TemporaryFolder, running lines: [String]) throws -> LiveProgram {
        let program = try LiveProgram(["--file", path], folder: folder)
        for line in lines { program.send(line) }
        program.send("changes")
        #expect(program.waitForOutput(containing: "No unsaved changes."), "session B never got through its lines")
        return program
    }

    /// What `output` printed after the first `marker`, or "" when the marker is not there.
    static func after(_ marker: String, in output: String) -> String {
        guard let range = output.range(of: marker) else { return "" }
        return String(output[range.upperBound...])
    }

    @Test("A takes in B's saved changes, keeps its own edit unsaved, and its save reports nothing from B again")
    func bothWaysRefresh() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let sessionA = try ConcurrentSessionTests.holdingSession(
            path, folder: folder, edits: "edit 1", "set office Steitz 200")
        let sessionB = try Self.liveSession(
            path, folder: folder, running: ["edit 2", "set office Briggs 500", "new From B", "save"])
        sessionA.send("refresh", "changes", "list", "save", "changes")
        let runA = sessionA.finish()
        #expect(runA.status == 0, "\(runA.standardError)")
        #expect(runA.standardError == "", "the save merged again: \(runA.standardError)")
        let refreshed = Self.after("Merged with changes another session saved:", in: runA.standardOutput)
        #expect(refreshed.contains("  changed 'Joe Gregg'\n  added 'From B'\nYour unsaved change is kept"))
        let changes = Self.after("Your unsaved change is kept", in: runA.standardOutput)
        #expect(changes.contains("1 unsaved change to directory.plist:\n  changed  1 Acacia Ackles: office"))
        #expect(!changes.contains("Joe Gregg: office"), "B's edit is listed as A's:\n\(runA.standardOutput)")
        #expect(changes.contains("From B"), "list after refresh shows B's new person")
        #expect(changes.hasSuffix("No unsaved changes.\n"))

        sessionB.send("refresh", "changes")
        let runB = sessionB.finish()
        #expect(runB.status == 0, "\(runB.standardError)")
        let refreshedB = Self.after("Merged with changes another session saved:", in: runB.standardOutput)
        #expect(refreshedB.contains("  changed 'Acacia Ackles'\n"))
        #expect(refreshedB.hasSuffix("No unsaved changes.\n"))
        let people = try ConcurrentSessionTests.people(in: path)
        #expect(people.map(\.name) == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach", "From B"])
        #expect(people.map(\.office) == ["Steitz 200", "Briggs 500", "Briggs 411", ""])
    }

    @Test("a conflict refuses the refresh as a save is refused; A keeps its edit and the file stays B's")
    func conflictKeepsEverything() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let sessionA = try ConcurrentSessionTests.holdingSession(
            path, folder: folder, edits: "edit 2", "set office Briggs 600")
        let sessionB = try ProgramRun.run(
            ["--file", path, "-c", "edit 2", "-c", "set office Briggs 500", "-c", "new From B", "-c", "save"],
            folder: folder)
        #expect(sessionB.status == 0, "\(sessionB.standardError)")
        let savedByB = FileManager.default.contents(atPath: path)
        sessionA.send("refresh", "changes", "list", "quit!")
        let run = sessionA.finish()
        #expect(run.status == 1)
        #expect(run.standardError.contains("not refreshed: \(path) was changed by another session"))
        #expect(run.standardError.contains("'Joe Gregg': office is \"Briggs 600\" here but \"Briggs 500\" in the file"))
        #expect(run.standardError.contains("Nothing changed here and your edits are kept"))
        let afterRefusal = run.standardOutput.components(separatedBy: "unsaved change").last ?? ""
        #expect(
            afterRefusal.contains("office \"Briggs 413\" → \"Briggs 600\""), "A's edit is kept:\n\(run.standardOutput)")
        #expect(afterRefusal.contains("Briggs 600") && !afterRefusal.contains("From B"))
        #expect(FileManager.default.contents(atPath: path) == savedByB)
    }
}
