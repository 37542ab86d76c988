import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(
    "PostgreSQL: lock waits are bounded and Ctrl-C cancels them", .enabled(if: TestCluster.isAvailable, "no PostgreSQL")
)
struct PostgreSQLLockWaitTests {
    /// A directory of three people and a psql session holding `LOCK TABLE people`.
    static func lockedDirectory() throws -> (TestCluster, String, TemporaryFolder, PsqlSession) {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let holder = try PsqlSession(cluster, uri: uri, folder: folder)
        #expect(holder.run("BEGIN; LOCK TABLE people;"))
        return (cluster, uri, folder, holder)
    }

    @Test("a table locked in psql: list gives up after about 10 s and names who holds the lock")
    func boundedByDefault() throws {
        let (_, uri, folder, holder) = try Self.lockedDirectory()
        let started = Date()
        let program = try LiveProgram([uri, "-c", "list"], folder: folder)
        // It must end by itself: a program that waits on is killed after a minute, and fails.
        let end = started.addingTimeInterval(60)
        while program.isRunning, Date() < end { usleep(20_000) }
        let waited = Date().timeIntervalSince(started)
        if program.isRunning {
            program.kill()
            Issue.record("list still waited for the lock after a minute")
            return
        }
        let run = program.finish()
        #expect(run.status == 1)
        #expect(!run.standardError.contains("WARNING"))
        #expect(waited >= 9 && waited < 40, "waited \(waited) s")
        #expect(run.standardError.contains("cannot read the directory: waited 10s for a lock held by process "))
        #expect(run.standardError.contains("(user postgres, psql, idle in transaction since "))
        #expect(run.standardError.contains("Try again when that transaction ends"))
        withExtendedLifetime(holder) {}
    }

    @Test("the user's own lock_timeout in the URI wins, for a save too, and the edits are kept")
    func usersBoundWins() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let bounded = uri + "&options=-c%20lock_timeout%3D300ms"
        let session = try LiveProgram([bounded], folder: folder)
        session.send("new Waiting Person", "list")
        #expect(session.waitForOutput(containing: "Waiting Person"))
        let holder = try PsqlSession(cluster, uri: uri, folder: folder)
        #expect(holder.run("BEGIN; LOCK TABLE people;"))
        session.send("save", "changes")
        #expect(session.waitForOutput(containing: "1 unsaved change"))
        #expect(holder.run("ROLLBACK;"))
        session.send("save", "quit")
        let run = session.finish()
        #expect(run.standardError.contains("not saved: waited 300ms for a lock held by process "))
        #expect(!(run.standardOutput + run.standardError).contains("WARNING"), "libpq's notices are not shown raw")
        #expect(run.standardError.contains("your edits are kept: save again when that transaction ends"))
        #expect(try cluster.psql(uri, "SELECT count(*) FROM people WHERE name = 'Waiting Person'") == "1\n")
    }

    @Test("Ctrl-C at the prompt cancels a save that waits for a lock; the edits stay and the prompt comes back")
    func controlCAtThePrompt() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let database = TestCluster.databaseName(of: uri)
        let unbounded = uri + "&options=-c%20lock_timeout%3D0"
        let terminal = try PseudoTerminal([unbounded], folder: folder)
        let name = "postgresql://postgres@/\(database)"
        #expect(terminal.waitFor("\(name) > "))
        terminal.type("new Kept Edit\r")
        #expect(terminal.waitFor("\(name) [4 Kept Edit]* > "))
        let holder = try PsqlSession(cluster, uri: uri, folder: folder)
        #expect(holder.run("BEGIN; LOCK TABLE people;"))
        terminal.type("save\r")
        #expect(PsqlSession.waitForLockWait(cluster, uri: uri, database: database))
        terminal.press(.controlC)
        #expect(terminal.waitFor("not saved: stopped by Ctrl-C (the statement was cancelled)"))
        #expect(terminal.waitFor("\(name) [4 Kept Edit]* > "))
        #expect(holder.run("ROLLBACK;"))
        terminal.type("save\r")
        #expect(terminal.waitFor("\(name) [4 Kept Edit] > "))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        #expect(try cluster.psql(uri, "SELECT count(*) FROM people WHERE name = 'Kept Edit'") == "1\n")
    }

    @Test("SIGINT to a script waiting for a lock cancels the statement and ends it with status 130 and a message")
    func interruptedScript() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let database = TestCluster.databaseName(of: uri)
        let session = try LiveProgram([uri + "&options=-c%20lock_timeout%3D0"], folder: folder)
        session.send("new Script Edit", "list")
        #expect(session.waitForOutput(containing: "Script Edit"))
        let holder = try PsqlSession(cluster, uri: uri, folder: folder)
        #expect(holder.run("BEGIN; LOCK TABLE people;"))
        session.send("save", "list")
        #expect(PsqlSession.waitForLockWait(cluster, uri: uri, database: database))
        kill(session.processIdentifier, SIGINT)
        let run = session.finish()
        #expect(run.status == 130)
        #expect(run.standardError.contains("not saved: stopped by Ctrl-C"))
        #expect(run.standardError.contains("interrupted by Ctrl-C: the script stopped; the unsaved changes"))
        #expect(run.standardOutput.components(separatedBy: "Script Edit").count == 2, "the last list did not run")
        #expect(holder.run("ROLLBACK;"))
    }

    @Test(
        "SIGTERM to a script waiting (unbounded) for a lock ends it at once, with status 143 and its edits in the journal"
    )
    func terminatedScript() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let database = TestCluster.databaseName(of: uri)
        let unbounded = uri + "&options=-c%20lock_timeout%3D0"
        let session = try LiveProgram([unbounded], folder: folder)
        session.send("new Term Edit", "list")
        #expect(session.waitForOutput(containing: "Term Edit"))
        let holder = try PsqlSession(cluster, uri: uri, folder: folder)
        #expect(holder.run("BEGIN; LOCK TABLE people;"))
        session.send("save", "list")
        #expect(PsqlSession.waitForLockWait(cluster, uri: uri, database: database))
        kill(session.processIdentifier, SIGTERM)
        // The lock is held for as long as the test wants: only a cancelled wait lets the program end.
        let end = Date().addingTimeInterval(60)
        while session.isRunning, Date() < end { usleep(20_000) }
        let ended = !session.isRunning
        #expect(ended, "SIGTERM did not end the lock wait")
        #expect(holder.run("ROLLBACK;"))
        let run = session.finish()
        #expect(run.status == 143)
        #expect(run.standardError.contains("not saved: stopped: the program was asked to end"), "\(run.standardError)")
        #expect(run.standardError.contains("wait in the recovery journal"))
        #expect(run.standardOutput.components(separatedBy: "Term Edit").count == 2, "the last list did not run")
        let recovered = try ProgramRun.run([unbounded, "-c", "recover", "-c", "save"], folder: folder)
        #expect(recovered.status == 0, "\(recovered.standardError)")
        #expect(
            try cluster.psql(uri, "SELECT count(*) FROM people WHERE name = 'Term Edit'") == "1\n",
            "\(run.standardError) then \(recovered.standardOutput) \(recovered.standardError)")
    }
}
