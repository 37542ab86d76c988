import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A script's `quit` refused for unsaved changes ends the script there, as the end of its input
/// does (its warning, status 1, the journal kept as the end keeps it): the lines after `quit`
/// were written to run after the session, as after psql's `\q` and sqlite3's `.quit`.
@Suite("End to end: a script's quit")
struct ScriptQuitTests {
    /// A saved list of Ann and Bo in `folder` (`d.json`), given to each run with `--file`.
    func savedList(in folder: TemporaryFolder) throws -> String {
        try SavedList.people(["Ann", "Bo"], in: folder)
    }

    @Test("a refused quit on standard input ends the script: the lines after it do not run, status 1")
    func refusedQuitEndsTheScript() throws {
        let folder = TemporaryFolder()
        let path = try savedList(in: folder)
        let run = try ProgramRun.run(
            ["--file", path], input: "new Cy\nquit\nlist\nnew Never\nsave\n", folder: folder)
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty, "lines after quit ran: \(run.standardOutput)")
        #expect(
            run.standardError.contains(
                "directory: line 2: quit with 1 unsaved change to d.json: the script stops here, the lines after it not run"
            ))
        #expect(run.standardError.contains("warning: 1 unsaved change to d.json was not saved"))
        let after = try ProgramRun.run(["--file", path, "-c", "list"], folder: folder)
        #expect(!after.standardOutput.contains("Never"))
        #expect(!after.standardOutput.contains("Cy"))
    }

    @Test("-c new -c quit -c list: the refused quit ends the commands")
    func refusedQuitEndsTheArguments() throws {
        let folder = TemporaryFolder()
        let path = try savedList(in: folder)
        let run = try ProgramRun.run(["--file", path, "-c", "new Cy", "-c", "quit", "-c", "list"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError.contains("directory: -c #2: quit with 1 unsaved change to d.json: the script stops here"))
    }

    @Test("a refused quit keeps the journal as the end of the input does: recovered changes wait for recover")
    func refusedQuitKeepsTheJournalAsTheEndOfInputDoes() throws {
        let folder = TemporaryFolder()
        #expect(try ProgramRun.run(["-c", "save"], folder: folder).status == 0)
        // A session killed with an edit leaves a journal, which the next script recovers.
        let live = try LiveProgram([], folder: folder)
        live.send("new Kim Tran", "list")
        #expect(live.waitForOutput(containing: "4  Kim Tran"))
        live.kill()
        let run = try ProgramRun.run(["-c", "recover", "-c", "quit", "-c", "new Never", "-c", "save"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("quit with 1 unsaved change"))
        #expect(run.standardError.contains("'recover' brings them back again"))
        let recovered = try ProgramRun.run(["-c", "recover", "-c", "changes"], folder: folder)
        #expect(recovered.standardOutput.contains("added    4: Kim Tran"))
        #expect(!recovered.standardOutput.contains("Never"))
        // The list itself was never saved by the lines after quit.
        #expect(!(try ProgramRun.run(["-c", "list"], folder: folder).standardOutput.contains("Kim Tran")))
    }

    @Test("a quit refused in a sourced file ends the sourced file and the script that sourced it")
    func refusedQuitInASourcedFileEndsTheScript() throws {
        let folder = TemporaryFolder()
        let path = try savedList(in: folder)
        try "new Inner\nquit\nnew AfterQuit\n".write(
            toFile: folder.file("inner.txt"), atomically: true, encoding: .utf8)
        try "source inner.txt\nnew AfterInner\n".write(
            toFile: folder.file("outer.txt"), atomically: true, encoding: .utf8)
        let run = try ProgramRun.run(
            ["--file", path], input: "new Cy\nsource outer.txt\nlist\nsave\n", folder: folder)
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty, "lines after quit ran: \(run.standardOutput)")
        #expect(
            run.standardError.contains(
                "inner.txt:2: quit with 2 unsaved changes to d.json: the script stops here, the lines after it not run")
        )
        #expect(run.standardError.contains("warning: 2 unsaved changes to d.json were not saved"))
        let after = try ProgramRun.run(["--file", path, "-c", "list"], folder: folder)
        #expect(after.standardOutput.contains("Bo"))
        #expect(!after.standardOutput.contains("Inner"))
    }

    @Test("quit! and a quit with nothing unsaved end the script as before, status 0")
    func quitBangAndQuitWithNothingUnsavedStillEnd() throws {
        let folder = TemporaryFolder()
        let path = try savedList(in: folder)
        let forced = try ProgramRun.run(["--file", path], input: "new Cy\nquit!\nlist\n", folder: folder)
        #expect(forced.status == 0)
        #expect(forced.standardOutput.isEmpty)
        #expect(forced.standardError.isEmpty)
        let saved = try ProgramRun.run(["--file", path], input: "new Cy\nsave\nquit\nlist\n", folder: folder)
        #expect(saved.status == 0)
        #expect(saved.standardOutput.isEmpty)
        try "quit\nnew Never\n".write(toFile: folder.file("bye.txt"), atomically: true, encoding: .utf8)
        let sourced = try ProgramRun.run(["--file", path, "-c", "source bye.txt", "-c", "list"], folder: folder)
        #expect(sourced.status == 0)
        #expect(sourced.standardOutput.isEmpty)
    }
}
