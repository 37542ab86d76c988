import Foundation
import Testing

@Suite("End to end: move, sort and redo in scripts")
struct ReorderTests {
    func names(in folder: TemporaryFolder) throws -> [String] {
        let data = try #require(FileManager.default.contents(atPath: folder.file("d.json")))
        let people = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return people.map { $0["name"] as? String ?? "" }
    }

    @Test(
        "sort follows the alphabet of LANG, and save writes the order",
        arguments: [
            ("sv_SE.UTF-8", ["Olsson", "Zorn", "Åberg", "Öberg"]),
            ("de_DE.UTF-8", ["Åberg", "Öberg", "Olsson", "Zorn"]),
        ])
    func sortByLocale(_ lang: String, _ expected: [String]) throws {
        let folder = TemporaryFolder()
        try SavedList.people(["Zorn", "Öberg", "Olsson", "Åberg"], in: folder)
        let run = try ProgramRun.run(
            ["--file", "d.json"], input: "sort name\nchanges\nsave\n", folder: folder, environment: ["LANG": lang])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("3 unsaved changes to d.json:\n") || run.standardOutput.contains("moved"))
        #expect(try names(in: folder) == expected)
    }

    @Test("move, undo, redo; a script that only reorders still has something to save")
    func moveUndoRedo() throws {
        let folder = TemporaryFolder()
        try SavedList.people(["Ann", "Bob", "Cy"], in: folder)
        let unsaved = try ProgramRun.run(["--file", "d.json"], input: "move 3 to 1\n", folder: folder)
        #expect(unsaved.status == 1)
        #expect(unsaved.standardError.contains("1 unsaved change to d.json was not saved"))
        let run = try ProgramRun.run(
            ["--file", "d.json"], input: "move 3 to 1\nundo\nredo\nlist 1-2\nsave\n", folder: folder)
        #expect(run.status == 0)
        #expect(run.standardOutput == "  1  Cy\n  2  Ann\n")
        #expect(try names(in: folder) == ["Cy", "Ann", "Bob"])
    }

    @Test("40 offices fixed in one editor run, taken back by one undo")
    func fortyOffices() throws {
        let folder = TemporaryFolder()
        try SavedList.people((1...40).map { "P\($0)" }, office: { "Briggs \($0)" }, in: folder)
        let editor = StandInEditor("sed -i 's/\tBriggs /\tSloan /' \"$f\"", in: folder)
        let run = try ProgramRun.run(
            ["--file", "d.json"], input: "editor\nfind office:sloan\nchanges\nundo\nchanges\n", folder: folder,
            environment: ["EDITOR": editor.path])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.filter { $0.contains("Sloan") && !$0.contains("changed") }.count == 40)
        #expect(run.standardOutput.contains("40 unsaved changes to d.json:\n"))
        #expect(run.standardOutput.hasSuffix("No unsaved changes.\n"))
    }
}
