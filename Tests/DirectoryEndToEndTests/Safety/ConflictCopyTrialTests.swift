import Foundation
import Testing

/// The steps of a new user's trial of 1.9.0 (trial 8) that lost an edit, run with the built
/// program and files as a sync tool leaves them: each now keeps every edit.
@Suite("Safety: conflict copies and saves as trial 8 made them")
struct ConflictCopyTrialTests {
    /// The records of the property list at `path`, as dictionaries.
    static func records(_ path: String) throws -> [[String: Any]] {
        let data = try #require(FileManager.default.contents(atPath: path))
        return try unsafe #require(
            try PropertyListSerialization.propertyList(from: data, format: nil) as? [[String: Any]])
    }

    /// Writes `records` to `path` as a binary property list, as the phone's app does.
    static func write(_ records: [[String: Any]], to path: String) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: records, format: .binary, options: 0)
        #expect(FileManager.default.createFile(atPath: path, contents: data))
    }

    @Test("a copy taken between two saves seconds apart keeps the second save's edit when merged")
    func copyBetweenTwoSaves() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let session = try LiveProgram(["--file", path], folder: folder)
        session.send("new Eve", "save", "changes")
        #expect(session.waitForOutput(containing: "No unsaved changes."), "\(session.standardError)")
        let copy = folder.file("directory.sync-conflict-20261207-011111-PHONE01.plist")
        try Self.write(try Self.records(path).filter { $0["name"] as? String != "Joe Gregg" }, to: copy)
        session.send("set office E1", "save", "list")
        #expect(session.waitForOutput(containing: "E1"), "\(session.standardError)")
        #expect(session.finish().status == 0)
        let merge = try ProgramRun.run(["--file", path, "-c", "merge conflicts", "-c", "save"], folder: folder)
        #expect(merge.status == 0, "\(merge.standardError)")
        let people = try ConcurrentSessionTests.people(in: path)
        #expect(people.map(\.name) == ["Acacia Ackles", "Kurt Krebsbach", "Eve"], "\(merge.standardOutput)")
        #expect(people.last?.office == "E1", "\(merge.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: copy))
    }

    @Test("with autosave, merge conflicts, undo and merge conflicts again takes every edit of the copy")
    func undoneMergeUnderAutosave() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        var copied = try Self.records(path)
        copied[0]["office"] = "Copy 1"
        copied.append(["id": UUID().uuidString, "name": "Copy Carl", "office": "Copy 9"])
        let copy = folder.file("directory 2.plist")
        try Self.write(copied, to: copy)
        let run = try ProgramRun.run(
            [
                "--autosave", "--file", path, "-c", "merge conflicts", "-c", "undo", "-c", "merge conflicts", "-c",
                "save",
            ],
            folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let people = try ConcurrentSessionTests.people(in: path)
        #expect(people.map(\.name) == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach", "Copy Carl"])
        #expect(people.first?.office == "Copy 1", "\(run.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: copy))
    }

    @Test("a save merged with a file another program rewrote without offices keeps every office")
    func saveMergeWithAFileWithoutAField() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let offices = try ConcurrentSessionTests.people(in: path).map(\.office)
        let session = try LiveProgram(["--file", path], folder: folder)
        session.send("edit 1", "set name Ann Here", "changes")
        #expect(session.waitForOutput(containing: "1 unsaved change"), "\(session.standardError)")
        var rewritten = try Self.records(path)
        for index in rewritten.indices { rewritten[index]["office"] = nil }
        rewritten[1]["name"] = "Joe Phone"
        try Self.write(rewritten, to: path)
        session.send("save")
        let run = session.finish()
        #expect(run.status == 0, "\(run.standardError)")
        let people = try ConcurrentSessionTests.people(in: path)
        #expect(people.map(\.name) == ["Ann Here", "Joe Phone", "Kurt Krebsbach"], "\(run.standardOutput)")
        #expect(people.map(\.office) == offices, "\(run.standardOutput)")
    }

    @Test(
        "changes after delete 3 and move 3 to 1 gives the place the moved record has in the file, the deleted one counted"
    )
    func changesAfterDeleteAndMove() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let added = try ProgramRun.run(
            ["--file", path, "-c", "new Dan", "-c", "new Eve", "-c", "save"], folder: folder)
        #expect(added.status == 0, "\(added.standardError)")
        let run = try ProgramRun.run(
            ["--file", path, "-c", "delete 3", "-c", "move 3 to 1", "-c", "changes", "-c", "quit!"], folder: folder)
        #expect(run.standardOutput.contains("moved    1 Dan: was 4 in the file"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("deleted  Kurt Krebsbach"), "\(run.standardOutput)")
    }

    @Test(
        "merge conflicts of rclone bisync's two copies adds in the copies' order, and the first copy's addition is not said to be saved here"
    )
    func bisyncCopiesInOrder() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let saved = try Self.records(path)
        for (number, name) in [(1, "P1 add"), (2, "P2 add")] {
            let copy = path + "..path\(number)"
            try Self.write(saved + [["id": UUID().uuidString, "name": name, "office": "X"]], to: copy)
            let written = Date(timeIntervalSince1970: 1_796_000_000 + Double(number) * 3600)
            try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: copy)
        }
        try FileManager.default.removeItem(atPath: path)
        let run = try ProgramRun.run(["--file", path, "-c", "merge conflicts", "-c", "save"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(!run.standardOutput.contains("kept 'P1 add'"), "\(run.standardOutput)")
        let people = try ConcurrentSessionTests.people(in: path)
        #expect(
            people.map(\.name) == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach", "P1 add", "P2 add"],
            "\(run.standardOutput)")
    }

    @Test("the merge of a copy made before 15 additions saved one by one (autosave) names them in one line")
    func autosavedAdditionsInOneLine() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        var copied = try Self.records(path)
        copied[1]["office"] = "Phone 1"
        try Self.write(copied, to: folder.file("directory.sync-conflict-20261207-010000-AAAAAAA.plist"))
        let additions = (1...15).flatMap { ["-c", "new Added \($0)"] }
        let added = try ProgramRun.run(["--autosave", "--file", path] + additions, folder: folder)
        #expect(added.status == 0, "\(added.standardError)")
        let run = try ProgramRun.run(["--file", path, "-c", "merge conflicts", "-c", "save"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains(
                "\n  kept 15 records saved here since the version the copy came from, and not in the copy "
                    + "(delete those the copy deleted): 'Added 1', 'Added 2', 'Added 3' and 12 more\n"),
            "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("kept 'Added"), "\(run.standardOutput)")
        #expect(try ConcurrentSessionTests.people(in: path)[1].office == "Phone 1")
    }
}
