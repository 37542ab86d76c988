import Foundation
import Testing

/// Trial 9 #1 through the program: a session open while a sync tool put the phone's version in
/// place of the list and kept this session's saved one as a conflict copy.
@Suite("Safety: merging a conflict copy in a session the file changed under")
struct StaleSessionCopyTests {
    @Test("merge conflicts in the open session keeps the saved edit the copy holds and the phone's deletion")
    func mergeInStaleSession() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let phone = try ConflictCopyTrialTests.records(path).filter { $0["name"] as? String != "Acacia Ackles" }
        let session = try LiveProgram(["--file", path], folder: folder)
        session.send("edit Joe Gregg", "set office H-here", "save", "changes")
        #expect(session.waitForOutput(containing: "No unsaved changes."), "\(session.standardError)")
        let copy = folder.file("directory.sync-conflict-20261207-040000-PHONE01.plist")
        try FileManager.default.moveItem(atPath: path, toPath: copy)
        try ConflictCopyTrialTests.write(phone, to: path)
        session.send("merge conflicts", "save", "list")
        let run = session.finish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("taken in first, as refresh does"), "\(run.standardOutput)")
        let people = try ConcurrentSessionTests.people(in: path)
        #expect(people.map(\.name) == ["Joe Gregg", "Kurt Krebsbach"], "\(run.standardOutput)\(run.standardError)")
        #expect(people.first?.office == "H-here", "\(run.standardOutput)\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: copy))
    }

    @Test(
        "two sessions merge the same copy: the later save names the added record the other changed, not what both had")
    func copyMergedInTwoSessions() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let first = try LiveProgram(["--file", path], folder: folder)
        first.send("changes")
        #expect(first.waitForOutput(containing: "No unsaved changes."), "\(first.standardError)")
        var copied = try ConflictCopyTrialTests.records(path)
        copied[1]["office"] = "J-copy"
        copied.append(["id": UUID().uuidString, "name": "Copy Add", "office": "C"])
        let copy = folder.file("directory.sync-conflict-20261207-040000-PHONE01.plist")
        try ConflictCopyTrialTests.write(copied, to: copy)
        first.send("merge conflicts")
        #expect(first.waitForOutput(containing: "added 'Copy Add'"), "\(first.standardError)")
        let second = try ProgramRun.run(
            [
                "--file", path, "-c", "merge conflicts", "-c", "edit Copy Add", "-c", "set office B-changed", "-c",
                "save",
            ],
            folder: folder)
        #expect(second.status == 0, "\(second.standardError)")
        first.send("save")
        let run = first.finish()
        #expect(run.status == 0, "\(run.standardError)")
        let said = run.standardOutput + run.standardError
        // What the save said (the merge's own report before it names both).
        let saved = try #require(said.range(of: "Saved 4 people").map { said[$0.lowerBound...] }, "\(said)")
        #expect(saved.contains("Merged with changes another session saved:\n  changed 'Copy Add'"), "\(said)")
        #expect(!saved.contains("changed 'Joe Gregg'"), "\(said)")
        let people = try ConcurrentSessionTests.people(in: path)
        #expect(people.map(\.office) == ["Steitz 131", "J-copy", "Briggs 411", "B-changed"], "\(said)")
    }
}
