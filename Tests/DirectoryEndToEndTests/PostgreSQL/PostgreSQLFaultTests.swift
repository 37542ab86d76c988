import Foundation
import Testing

@Suite("PostgreSQL: faults, permissions and passwords", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLFaultTests {
    @Test("a role that may only SELECT lists and finds; its save says permission denied, exits 1, keeps the edits")
    func readOnlyRole() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let database = TestCluster.databaseName(of: uri)
        try cluster.psql(
            uri,
            "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'reader') THEN CREATE ROLE reader LOGIN; "
                + "END IF; END $$; GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader")
        let reader = cluster.uri(database, user: "reader")
        let listed = try ProgramRun.run([reader, "-c", "list", "-c", "find Joe"], folder: folder)
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.contains("Joe Gregg"))
        let session = try LiveProgram([reader], folder: folder)
        session.send("new Not Allowed", "save", "changes", "quit!")
        let run = session.finish()
        #expect(run.status == 1)
        #expect(run.standardError.contains("not saved: permission denied for table people"))
        #expect(run.standardError.contains("your edits are kept"))
        #expect(run.standardOutput.contains("1 unsaved change"))
        #expect(try cluster.psql(uri, "SELECT count(*) FROM people") == "3\n")
    }

    @Test("a missing database or an unknown role: a clear message naming the database, exit 1")
    func missingDatabaseAndRole() throws {
        let cluster = try #require(TestCluster.shared)
        let folder = TemporaryFolder()
        let missing = try ProgramRun.run([cluster.uri("nosuchdept"), "-c", "list"], folder: folder)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("postgresql://postgres@/nosuchdept"))
        #expect(missing.standardError.contains("cannot connect: the server has no database \"nosuchdept\"; check "))
        #expect(!missing.standardError.contains("FATAL"), "\(missing.standardError)")
        let stranger = try ProgramRun.run([cluster.uri("postgres", user: "stranger"), "-c", "list"], folder: folder)
        #expect(stranger.status == 1)
        #expect(stranger.standardError.contains("postgresql://stranger@/postgres"))
        #expect(stranger.standardError.contains("the server has no role (user) \"stranger\""))
        #expect(!stranger.standardError.contains("FATAL"), "\(stranger.standardError)")
    }

    @Test("the server stopped mid-session: the save says so and keeps the edits; once it is back, save works")
    func serverStoppedAndStarted() throws {
        let cluster = try TestCluster()
        defer { cluster.destroy() }
        try cluster.psql(cluster.uri("postgres"), "CREATE DATABASE dept")
        let uri = cluster.uri("dept")
        let folder = TemporaryFolder()
        let session = try LiveProgram([uri], folder: folder)
        session.send("new First", "save", "changes")
        #expect(session.waitForOutput(containing: "No unsaved changes"))
        try cluster.stop()
        session.send("new Second", "save", "changes")
        #expect(session.waitForOutput(containing: "unsaved change"))
        try cluster.start()
        session.send("save", "quit")
        let run = session.finish()
        #expect(run.status == 1, "the failed save made the run fail: \(run.standardError)")
        #expect(run.standardError.contains("not saved: the database cannot be reached"))
        #expect(run.standardError.contains("your edits are kept: save again when the server is back"))
        #expect(run.standardError.components(separatedBy: "not saved").count == 2, "only the save while stopped failed")
        #expect(try cluster.psql(uri, "SELECT name FROM people ORDER BY position") == "First\nSecond\n")
    }

    @Test("a password in the URI is kept out of messages, --print-config and the prompt")
    func passwordKeptOut() throws {
        let cluster = try #require(TestCluster.shared)
        let (database, secret) = try cluster.databaseWithPassword("pa55-Secret")
        let folder = TemporaryFolder()
        let saved = try ProgramRun.run(
            [secret, "-c", "new Ann", "-c", "save", "-c", "save as \(secret)"], folder: folder)
        #expect(saved.status == 0, "\(saved.standardError)")
        let missing = try ProgramRun.run(
            [secret.replacingOccurrences(of: "/\(database)?", with: "/nodb?"), "-c", "list"], folder: folder)
        let config = try ProgramRun.run(["--file", secret, "--print-config"], folder: folder)
        #expect(config.standardOutput.contains("postgresql://postgres@/\(database)"))
        for run in [saved, missing, config] {
            #expect(!(run.standardOutput + run.standardError).contains("pa55"))
        }
        #expect(missing.status == 1)
    }
}
