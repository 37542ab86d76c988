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
}
