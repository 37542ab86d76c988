import Foundation
import Testing

@Suite("PostgreSQL: save! and save! as", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLForceSaveTests {
    @Test("save! takes this session's side of a conflict and keeps everything else the others saved")
    func forceSaveKeepsOthersWork() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let sessionA = try LiveProgram([uri], folder: folder)
        sessionA.send("edit 2", "set office Briggs 600", "new Also A", "changes")
        #expect(sessionA.waitForOutput(containing: "unsaved change"))
        let sessionB = try ProgramRun.run(
            [
                uri, "-c", "edit 2", "-c", "set office Briggs 500", "-c", "edit 1", "-c", "set office From B",
                "-c", "new Added By B", "-c", "save",
            ], folder: folder)
        #expect(sessionB.status == 0, "\(sessionB.standardError)")
        sessionA.send("save", "save!", "changes", "quit")
        let run = sessionA.finish()
        #expect(run.standardOutput.contains("No unsaved changes") || !run.standardOutput.contains("unsaved change"))
        #expect(run.standardError.contains("in the database"), "\(run.standardError)")
        #expect(!run.standardError.contains("the file"), "\(run.standardError)")
        #expect(run.standardError.contains("your office \"Briggs 600\" replaced \"Briggs 500\""))
        #expect(
            try cluster.psql(uri, "SELECT name, office FROM people ORDER BY position")
                == "Acacia Ackles|From B\nJoe Gregg|Briggs 600\nKurt Krebsbach|Briggs 411\nAdded By B|\nAlso A|\n")
    }

    @Test("save! of an edit to a person another session deleted brings it back; nothing else is lost")
    func forceSaveRestoresDeleted() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let sessionA = try LiveProgram([uri], folder: folder)
        sessionA.send("edit 3", "set office Kept", "changes")
        #expect(sessionA.waitForOutput(containing: "unsaved change"))
        let sessionB = try ProgramRun.run([uri, "-c", "delete 3", "-c", "new From B", "-c", "save"], folder: folder)
        #expect(sessionB.status == 0, "\(sessionB.standardError)")
        sessionA.send("save!", "quit")
        let run = sessionA.finish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            try cluster.psql(uri, "SELECT string_agg(name || ':' || office, ',' ORDER BY position) FROM people")
                == "Acacia Ackles:Steitz 131,Joe Gregg:Briggs 413,From B:,Kurt Krebsbach:Kept\n")
    }

    @Test("save! as onto another database list replaces it whole and says how many rows it replaced")
    func forceSaveAsReplaces() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let other = try cluster.createDatabase()
        let made = try ProgramRun.run([other, "-c", "new One", "-c", "new Two", "-c", "save"], folder: folder)
        #expect(made.status == 0, "\(made.standardError)")
        let refused = try ProgramRun.run([uri, "-c", "save as \(other)"], folder: folder)
        #expect(refused.status == 1)
        let run = try ProgramRun.run([uri, "-c", "save! as \(other)"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            (run.standardOutput + run.standardError).contains("it replaced the 2 people that were there"),
            "\(run.standardError)")
        #expect(try cluster.psql(other, "SELECT count(*) FROM people") == "3\n")
    }

    @Test("a reader whose save conflicts is told it may only read, not to use save!")
    func readerConflict() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let database = TestCluster.databaseName(of: uri)
        try cluster.psql(
            uri,
            "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'reader') THEN CREATE ROLE reader LOGIN; "
                + "END IF; END $$; GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader")
        let session = try LiveProgram([cluster.uri(database, user: "reader")], folder: folder)
        session.send("edit 2", "set office Reader 1", "changes")
        #expect(session.waitForOutput(containing: "unsaved change"))
        #expect(
            try ProgramRun.run([uri, "-c", "edit 2", "-c", "set office Owner 1", "-c", "save"], folder: folder).status
                == 0)
        session.send("save", "quit!")
        let run = session.finish()
        #expect(run.standardError.contains("may only read this directory"), "\(run.standardError)")
        #expect(!run.standardError.contains("save!"), "\(run.standardError)")
    }
}
