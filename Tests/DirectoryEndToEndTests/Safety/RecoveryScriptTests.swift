import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The recovery journal of a script fed through a pipe: written before the script
/// waits for more input, so a signal or kill -9 while it waits loses nothing.
struct RecoveryScriptTests {
    /// A saved list and a live script that added Kim Tran and is waiting for more input.
    func waitingScript(in folder: TemporaryFolder) throws -> LiveProgram {
        #expect(try ProgramRun.run(["-c", "save"], folder: folder).status == 0)
        let live = try LiveProgram([], folder: folder)
        live.send("new Kim Tran", "list")
        #expect(live.waitForOutput(containing: "4  Kim Tran"))
        return live
    }

    @Test("SIGTERM while a script waits exits 143, and recover brings the edit back")
    func sigtermWhileAScriptWaitsExits143AndRecoverBringsTheEditBack() throws {
        let folder = TemporaryFolder()
        let live = try waitingScript(in: folder)
        kill(live.processIdentifier, SIGTERM)
        let ended = live.finish()
        #expect(ended.status == 143)
        #expect(ended.standardError.contains("wait in the recovery journal"))
        let recovered = try ProgramRun.run(["-c", "recover", "-c", "save"], folder: folder)
        #expect(recovered.status == 0)
        #expect(try ProgramRun.run(["-c", "find kim"], folder: folder).standardOutput.contains("Kim Tran"))
    }

    @Test("kill -9 while a script waits loses nothing")
    func kill9WhileAScriptWaitsLosesNothing() throws {
        let folder = TemporaryFolder()
        let live = try waitingScript(in: folder)
        live.kill()
        let recovered = try ProgramRun.run(["-c", "recover", "-c", "changes", "-c", "save"], folder: folder)
        #expect(recovered.standardOutput.contains("added    4: Kim Tran"))
        #expect(recovered.status == 0)
    }

    @Test("a script that recovers and ends without saving keeps the journal for the next recover")
    func recoveredChangesLeftUnsavedKeepTheirJournal() throws {
        let folder = TemporaryFolder()
        let live = try waitingScript(in: folder)
        live.kill()
        for _ in 0..<2 {
            let run = try ProgramRun.run(["-c", "recover", "-c", "changes"], folder: folder)
            #expect(run.standardOutput.contains("added    4: Kim Tran"))
            #expect(run.status == 1)
            #expect(run.standardError.contains("'recover' brings them back again"))
        }
        // A script that stops at an error keeps it too; one that saves them does not need it.
        let stopped = try ProgramRun.run([], input: "recover\nopen elsewhere.json\nlist\n", folder: folder)
        #expect(stopped.status == 1)
        let saved = try ProgramRun.run(["-c", "recover", "-c", "save"], folder: folder)
        #expect(saved.status == 0)
        #expect(try ProgramRun.run(["-c", "find kim"], folder: folder).standardOutput.contains("Kim Tran"))
        let journals = try? FileManager.default.contentsOfDirectory(atPath: folder.file("state/directory/recovery"))
        #expect(journals ?? [] == [])
    }

    @Test("quit! after recover discards the recovered changes and their journal")
    func quitAfterRecoverDiscards() throws {
        let folder = TemporaryFolder()
        let live = try waitingScript(in: folder)
        live.kill()
        let run = try ProgramRun.run(["-c", "recover", "-c", "quit!"], folder: folder)
        #expect(run.status == 0)
        #expect(try ProgramRun.run(["-c", "recover"], folder: folder).standardOutput.contains("Nothing to recover"))
    }

    @Test("recover then undo in a script takes the changes back and keeps the journal for the next run")
    func recoverThenUndoKeepsTheJournal() throws {
        let folder = TemporaryFolder()
        let live = try waitingScript(in: folder)
        live.kill()
        let undone = try ProgramRun.run(["-c", "recover", "-c", "undo", "-c", "changes"], folder: folder)
        #expect(undone.status == 0)
        #expect(!undone.standardOutput.contains("Kim Tran"))
        let again = try ProgramRun.run(["-c", "recover", "-c", "changes", "-c", "save"], folder: folder)
        #expect(again.standardError.contains("1 unsaved change to directory.plist from a session that ended"))
        #expect(again.standardOutput.contains("added    4: Kim Tran"))
        #expect(again.status == 0)
        let journals = try? FileManager.default.contentsOfDirectory(atPath: folder.file("state/directory/recovery"))
        #expect(journals ?? [] == [])
    }

    @Test("a script that ends normally leaves no journal")
    func aScriptThatEndsNormallyLeavesNoJournal() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run([], input: "new Kim Tran\n", folder: folder)
        #expect(run.status == 1)  // unsaved at the end: reported, as before
        let journals = try? FileManager.default.contentsOfDirectory(atPath: folder.file("state/directory/recovery"))
        #expect(journals ?? [] == [])
    }
}
