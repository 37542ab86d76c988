import Foundation
import Testing

@Suite("Safety: autosaves that cannot write")
struct AutosaveFailureTests {
    /// What the end of a script says when its saves failed and its edits wait in the journal.
    static let kept =
        "2 unsaved changes to people.json were not saved; the save failed, so they wait in the recovery journal"

    /// Runs `recover` then `save` on `path`, made writable again; returns the names saved.
    func recovered(_ path: String, folder: TemporaryFolder) throws -> [String] {
        unsafe chmod(path, 0o644)
        let run = try ProgramRun.run(["--file", path, "--no-autosave", "-c", "recover", "-c", "save"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        return try SafetyFiles.names(in: path)
    }

    @Test(
        "--autosave on a read-only file: the script's end keeps the edits in the journal, and 'recover' brings them back"
    )
    func failedAutosavesKeepJournal() throws {
        let folder = TemporaryFolder()
        let path = folder.file("people.json")
        try SafetyFiles.writePeople(count: 3, to: path)
        unsafe chmod(path, 0o444)
        let run = try ProgramRun.run(
            ["--autosave", "--file", path, "-c", "new Auto A", "-c", "set office 1", "-c", "new Auto B"],
            folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("your edits are kept"))
        #expect(run.standardError.contains(Self.kept), "\(run.standardError)")
        #expect(try recovered(path, folder: folder).suffix(2) == ["Auto A", "Auto B"])
    }

    @Test("autosave = on in the config file and a piped script: a failed autosave keeps the journal too")
    func configAutosavePipedScript() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.file("config/directory"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: folder.file("config/directory/config"), contents: Data("autosave = on\n".utf8))
        let path = folder.file("people.json")
        try SafetyFiles.writePeople(count: 3, to: path)
        unsafe chmod(path, 0o444)
        let run = try ProgramRun.run(["--file", path], input: "new Piped A\nnew Piped B\n", folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains(Self.kept), "\(run.standardError)")
        #expect(try recovered(path, folder: folder).suffix(2) == ["Piped A", "Piped B"])
    }
}
