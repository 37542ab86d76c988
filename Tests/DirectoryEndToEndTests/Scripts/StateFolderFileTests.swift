import Foundation
import Testing

/// When `XDG_STATE_HOME` (or the state folder) is a file, the recovery journal, the kept
/// versions and the history cannot be kept: the program says so once, at start, in scripts too.
@Suite("End to end: a state folder that is a file")
struct StateFolderFileTests {
    @Test("XDG_STATE_HOME naming a file is warned about once, saying what is not kept and what to do")
    func stateHomeIsAFile() throws {
        let folder = TemporaryFolder()
        let state = folder.file("state")
        _ = FileManager.default.createFile(atPath: state, contents: Data("x".utf8))
        let list = folder.file("people.json")
        _ = FileManager.default.createFile(atPath: list, contents: Data("[]".utf8))
        let run = try ProgramRun.run(
            ["--file", list, "-c", "new Ann", "-c", "save", "-c", "new Bo", "-c", "save"], folder: folder,
            environment: ["XDG_STATE_HOME": state])
        #expect(run.status == 0, "\(run.standardError)")
        let warning =
            "directory: warning: \(state) is a file, not a folder, so the recovery journal (which keeps unsaved "
            + "edits if the program is stopped), the versions that merge compares copies with, and the history are "
            + "not kept: set XDG_STATE_HOME to a folder, or move \(state) away\n"
        #expect(run.standardError == warning)
    }

    @Test("the state folder itself being a file is named as the state folder")
    func stateFolderIsAFile() throws {
        let folder = TemporaryFolder()
        let state = folder.file("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: state + "/directory", contents: Data())
        let run = try ProgramRun.run(
            ["--file", folder.file("people.json"), "-c", "list"], folder: folder, environment: ["XDG_STATE_HOME": state]
        )
        #expect(run.standardError.contains("warning: the state folder \(state)/directory is a file, not a folder"))
    }

    @Test("a state folder that can be made is not warned about")
    func stateFolderCanBeMade() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(["--file", folder.file("people.json"), "-c", "list"], folder: folder)
        #expect(!run.standardError.contains("not a folder"), "\(run.standardError)")
    }
}
