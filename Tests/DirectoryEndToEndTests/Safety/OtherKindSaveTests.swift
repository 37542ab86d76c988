import Foundation
import Testing

@Suite("End to end: a save never merges a list of the other kind written meanwhile")
struct OtherKindSaveTests {
    @Test("a people session's save refuses a file rewritten as a bucket list; nothing written, edits kept")
    func peopleSaveRefusesBucketList() throws {
        let folder = TemporaryFolder()
        let path = folder.file("people.json")
        #expect(try ProgramRun.run(["--file", path, "-c", "save"], folder: folder).status == 0)
        let sessionA = try ConcurrentSessionTests.holdingSession(path, folder: folder, edits: "new Mine")
        let bucket = Data(
            #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Skydive","note":"n","completedDate":-63114076800}]"#
                .utf8)
        try bucket.write(to: URL(fileURLWithPath: path))
        sessionA.send("save")
        sessionA.send("changes")
        sessionA.send("quit!")
        let run = sessionA.finish()
        #expect(
            run.standardError.contains(
                "people.json holds a bucket list now, not a person list like this one: another program wrote it "
                    + "since it was read. Nothing was merged or written and your edits are kept"),
            "\(run.standardError)")
        #expect(!run.standardError.contains("added 'Skydive'"))
        #expect(run.standardOutput.contains("Mine"), "the edit is still unsaved: \(run.standardOutput)")
        #expect(FileManager.default.contents(atPath: path) == bucket)
    }
}
