import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C (SIGINT) in a script ends it as SIGTERM does: its last edits, which the journal
/// (written at most a second apart) may not hold yet, are written to it first, and the exit
/// status is 130.
struct ScriptInterruptTests {
    @Test("SIGINT while a script is busy journals its edits, exits 130, and recover brings them back")
    func sigintWhileAScriptIsBusyJournalsItsEdits() throws {
        let folder = TemporaryFolder()
        #expect(try ProgramRun.run(["-c", "save"], folder: folder).status == 0)
        // A sourced FIFO keeps the script busy inside a command (a `source`, whose lines are
        // never journaled one by one) after its edits: no journal write comes between them.
        let pause = folder.file("pause.fifo")
        #expect(unsafe mkfifo(pause, 0o600) == 0)
        // Opened read-write, the FIFO does not block this open, and the program's open finds a writer.
        let writer = unsafe open(pause, O_RDWR | O_CLOEXEC)
        #expect(writer >= 0)
        let live = try LiveProgram([], folder: folder)
        live.send("new Kim Tran", "list", "source pause.fifo")
        // The sourced file's reader shows what was printed before it waits.
        #expect(live.waitForOutput(containing: "4  Kim Tran"))
        kill(live.processIdentifier, SIGINT)
        close(writer)  // the sourced file ends; the script goes on to end as the signal asked
        let ended = live.finish()
        #expect(ended.status == 130)
        #expect(ended.standardError.contains("ended by a signal"))
        #expect(ended.standardError.contains("wait in the recovery journal"))
        let recovered = try ProgramRun.run(["-c", "recover", "-c", "changes"], folder: folder)
        #expect(recovered.standardOutput.contains("added    4: Kim Tran"))
    }

    @Test("SIGINT while a script waits for input exits 130, its edits in the journal")
    func sigintWhileAScriptWaitsExits130() throws {
        let folder = TemporaryFolder()
        #expect(try ProgramRun.run(["-c", "save"], folder: folder).status == 0)
        let live = try LiveProgram([], folder: folder)
        live.send("new Kim Tran", "list")
        #expect(live.waitForOutput(containing: "4  Kim Tran"))
        kill(live.processIdentifier, SIGINT)
        let ended = live.finish()
        #expect(ended.status == 130)
        let recovered = try ProgramRun.run(["-c", "recover", "-c", "save"], folder: folder)
        #expect(recovered.status == 0)
        #expect(try ProgramRun.run(["-c", "find kim"], folder: folder).standardOutput.contains("Kim Tran"))
    }
}
