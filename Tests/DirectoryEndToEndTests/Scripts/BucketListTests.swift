import Foundation
import Testing

@Suite("End to end: bucket lists")
struct BucketListTests {
    /// The Bucket List app's file, shared with the unit tests.
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DirectoryCoreTests/Fixtures/bucketList.json")

    @Test("an app's bucketList.json opens, lists dates, takes edits, and every other item stays key for key")
    func editAppFileKeepsOtherItems() throws {
        let folder = TemporaryFolder()
        let path = folder.file("bucketList.json")
        let original = try Data(contentsOf: Self.fixture)
        _ = FileManager.default.createFile(atPath: path, contents: original)
        let run = try ProgramRun.run(
            ["--file", path],
            input: "list\nnew Learn Swift\nset note with the tutorials\ndone 2026-05-01\nlist\nsave\n", folder: folder)
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(
            run.standardOutput == """
                  1  See the northern lights                Tromsø in February
                  2  Learn to juggle          ✓ 2023-01-21  three balls, then clubs
                  3  Run a marathon
                  4  Visit Kyoto              ✓ 2023-03-08  temples / gardens
                  1  See the northern lights                Tromsø in February
                  2  Learn to juggle          ✓ 2023-01-21  three balls, then clubs
                  3  Run a marathon
                  4  Visit Kyoto              ✓ 2023-03-08  temples / gardens
                  5  Learn Swift              ✓ 2026-05-01  with the tutorials

                """)
        let before = try JSONSerialization.jsonObject(with: original) as? [NSDictionary] ?? []
        let saved = try #require(FileManager.default.contents(atPath: path))
        let after = try JSONSerialization.jsonObject(with: saved) as? [NSDictionary] ?? []
        #expect(after.count == 5)
        for index in [0, 1, 3] { #expect(after[index] == before[index]) }
        #expect(after[2]["note"] as? String == "")
        #expect(after[4]["name"] as? String == "Learn Swift")
        #expect(after[4]["completedDate"] as? Double == 799_329_600)
    }

    @Test("--kind that contradicts the file's records is refused, and the file is left as it was")
    func contradictingKindIsRefused() throws {
        let folder = TemporaryFolder()
        let path = folder.file("mix.json")
        let original = try Data(contentsOf: Self.fixture)
        _ = FileManager.default.createFile(atPath: path, contents: original)
        let run = try ProgramRun.run(
            ["--kind", "person", "--file", path, "-c", "new Oops", "-c", "save"], folder: folder)
        #expect(run.status != 0)
        #expect(
            run.standardError.contains(
                "mix.json holds items (its records have 'note' and 'completedDate'), not people, so it was not "
                    + "opened as people"))
        #expect(run.standardError.contains("or with --kind bucket"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        // The other way round: a directory is not opened as a bucket list.
        #expect(try ProgramRun.run(["--file", "d.json", "-c", "save"], folder: folder).status == 0)
        let people = try Data(contentsOf: URL(fileURLWithPath: folder.file("d.json")))
        let asBucket = try ProgramRun.run(
            ["--kind", "bucket", "--file", "d.json", "-c", "new X", "-c", "save"], folder: folder)
        #expect(asBucket.standardError.contains("holds people (its records have 'office'), not items"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("d.json"))) == people)
        // The kind the file has is fine given, and a person with one stray bucket key too.
        #expect(try ProgramRun.run(["--kind", "bucket", "--file", path, "-c", "list"], folder: folder).status == 0)
        let stray = #"[{"id":"7C9E6679-7425-40DE-944B-E07FC1F90AE7","name":"Ann","office":"B 1","note":"x"}]"#
        _ = FileManager.default.createFile(atPath: folder.file("stray.json"), contents: Data(stray.utf8))
        #expect(
            try ProgramRun.run(["--kind", "person", "--file", "stray.json", "-c", "list"], folder: folder).status == 0)
    }

    @Test("a missing bucket list is empty and says how to add the first item")
    func emptyState() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(["--kind", "bucket", "-c", "list"], folder: folder)
        #expect(run.standardOutput == "Add your first bucket list item with 'new NAME'.\n")
    }

    @Test("--autosave saves after each change, as the app does")
    func autosave() throws {
        let folder = TemporaryFolder()
        let path = folder.file("bucketList.json")
        let run = try ProgramRun.run(["--autosave", "--file", path, "-c", "new Skydive"], folder: folder)
        #expect(run.status == 0)
        let saved = try #require(FileManager.default.contents(atPath: path))
        let items = try JSONSerialization.jsonObject(with: saved) as? [[String: Any]]
        #expect(items?.first?["name"] as? String == "Skydive")
        #expect(items?.first?["completedDate"] as? Double == -63_114_076_800)
    }
}
