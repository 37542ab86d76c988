import Foundation
import Testing

/// A file whose records share an id, end to end: a warning on opening, one change per
/// edited record, and a save that keeps every record.
struct RepeatedIDTests {
    static let file = """
        [
          {"id": "11111111-2222-4333-8444-555555555555", "name": "First", "office": "1"},
          {"id": "11111111-2222-4333-8444-555555555555", "name": "Second", "office": "2"},
          {"id": "AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE", "name": "Third", "office": "3"}
        ]
        """

    @Test("editing one of two records with the same id is one change, and saving keeps both")
    func editingOneOfTwoRecordsWithTheSameIdIsOneChangeAndSavingKeepsBoth() throws {
        let folder = TemporaryFolder()
        let path = folder.file("people.json")
        try Self.file.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try ProgramRun.run(
            [path, "-c", "edit 2", "-c", "set office 20", "-c", "changes", "-c", "save"], folder: folder)
        #expect(run.status == 0)
        #expect(run.standardError.contains("1 id is shared by more than one record in people.json"))
        #expect(run.standardOutput.contains("1 unsaved change to people.json:"))
        #expect(run.standardOutput.contains("changed  2 Second: office \"2\" → \"20\""))
        let listed = try ProgramRun.run([path, "-c", "list"], folder: folder).standardOutput
        #expect(listed.contains("First") && listed.contains("Second") && listed.contains("Third"))
        #expect(listed.contains("20"))
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.components(separatedBy: "11111111-2222-4333-8444-555555555555").count == 3)
    }
}
