import Foundation
import Testing

@Suite("End to end: find over a loaded file")
struct FindTests {
    /// People as another app wrote them: accents precomposed and combining, CJK, a tab, a
    /// terminal escape, and a name and office that would spell `zoe` if run together.
    static let file = """
        [{"id":"00000000-0000-4000-8000-000000000001","name":"Zo\\u00eb \\u00c5ngstr\\u00f6m","office":"Briggs 413"},
        {"id":"00000000-0000-4000-8000-000000000002","name":"ZOE\\u0308 B","office":"高橋 1"},
        {"id":"00000000-0000-4000-8000-000000000003","name":"Joe Gregg","office":"Zoo\\tHall"},
        {"id":"00000000-0000-4000-8000-000000000004","name":"Ann Zo","office":"e Hall"},
        {"id":"00000000-0000-4000-8000-000000000005","name":"\\u001b[31mZoe","office":"x"}]
        """

    static let zoe = """
          1  Zoë Ångström   Briggs 413
          2  ZOË B          高橋 1
          5  \\u{1b}[31mZoe  x

        """

    @Test("find ignores case and accents, never matches across fields, and escapes what it prints")
    func oneShot() throws {
        let folder = TemporaryFolder()
        _ = FileManager.default.createFile(atPath: folder.file("people.json"), contents: Data(Self.file.utf8))
        let run = try ProgramRun.run(
            ["--file", "people.json", "-c", "find zoe", "-c", "find office:hall", "-c", "edit zoe b"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == Self.zoe + "  3  Joe Gregg  Zoo\\tHall\n  4  Ann Zo     e Hall\n")
    }

    @Test("records added, changed and taken back by undo are found as the file's are")
    func afterChangesAndUndo() throws {
        let folder = TemporaryFolder()
        _ = FileManager.default.createFile(atPath: folder.file("people.json"), contents: Data(Self.file.utf8))
        let script = "find zoe\nnew Zoe Added\nedit 1\nset name Ann\nfind zoe\nundo\nundo\nfind zoe\nquit!\n"
        let run = try ProgramRun.run(["--file", "people.json"], input: script, folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let changed = """
              2  ZOË B          高橋 1
              5  \\u{1b}[31mZoe  x
              6  Zoe Added

            """
        #expect(run.standardOutput == Self.zoe + changed + Self.zoe)
    }
}
