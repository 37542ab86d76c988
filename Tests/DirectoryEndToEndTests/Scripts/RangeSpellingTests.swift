import Foundation
import Testing

/// What a newcomer types from other tools: `list 490-` (as `cut -f 2-`), `list 2..4`, and
/// `help save as` as the overview shows the command.
@Suite("End to end: an open range end, other tools' range spellings, help of a whole usage")
struct RangeSpellingTests {
    @Test("list N- lists to the end, loaded or scanned; delete N- names the end it needs")
    func openEnd() throws {
        let folder = TemporaryFolder()
        let people = OneShotFindTests.people(500)
        _ = FileManager.default.createFile(atPath: folder.file("people.json"), contents: Data(people.utf8))
        let listed = try OneShotListTests.expectSame("people.json", "490-", in: folder)
        #expect(listed.status == 0, "\(listed.standardError)")
        let lines = listed.standardOutput.split(separator: "\n")
        #expect(lines.count == 11, "\(listed.standardOutput)")
        #expect(lines.first?.hasPrefix("  490  ") == true, "\(listed.standardOutput)")
        // A deletion runs past the end only when it is spelled out, as for 3-99999999999999999999.
        let deleted = try ProgramRun.run(["--file", "people.json", "-c", "delete 3-"], folder: folder)
        #expect(deleted.status == 1)
        #expect(deleted.standardError.contains("(3-500 names the rest)"), "\(deleted.standardError)")
    }

    @Test("a range written 2..4 or -3 is answered with how to write it")
    func otherSpellings() throws {
        let folder = TemporaryFolder()
        let dots = try ProgramRun.run(["-c", "list 2..4"], folder: folder)
        #expect(dots.status == 1)
        #expect(
            dots.standardError.contains(
                "-c #1: '2..4' is not a range here; write 2-4 (a range is N-M, first to last)\n"),
            "\(dots.standardError)")
        let start = try ProgramRun.run(["-c", "list -3"], folder: folder)
        #expect(start.standardError.contains("'-3' is not a range here; write 1-3"), "\(start.standardError)")
    }

    @Test("help save as is the help of save, as the overview's usage line writes it")
    func helpOfWholeUsage() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(["-c", "help save as"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("usage: save | save! | save as [--xml] PATH\n"), "\(run.standardOutput)")
        let edit = try ProgramRun.run(["-c", "help edit"], folder: folder)
        #expect(edit.standardOutput.hasPrefix("usage: edit N|NAME|#ID\n"), "\(edit.standardOutput)")
    }
}
