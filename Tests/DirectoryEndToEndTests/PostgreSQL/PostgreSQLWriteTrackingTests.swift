import Foundation
import Testing

@Suite("PostgreSQL: every write counts, whoever makes it", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLWriteTrackingTests {
    @Test("a psql UPDATE of another field merges into a session's save instead of being overwritten")
    func psqlUpdateMerges() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let session = try LiveProgram([uri], folder: folder)
        session.send("edit 2", "set name Joseph Gregg", "changes")
        #expect(session.waitForOutput(containing: "unsaved change"))
        try cluster.psql(uri, "UPDATE people SET office = 'Psql 1' WHERE name = 'Joe Gregg'")
        session.send("save")
        let run = session.finish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("Merged with changes another session saved"), "\(run.standardError)")
        #expect(
            try cluster.psql(uri, "SELECT name, office FROM people WHERE office = 'Psql 1'") == "Joseph Gregg|Psql 1\n")
    }

    @Test("a psql UPDATE of the same field is a conflict, and refresh takes a psql write in")
    func psqlUpdateConflictsAndRefreshes() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let session = try LiveProgram([uri], folder: folder)
        session.send("edit 3", "set office Session 9", "changes")
        #expect(session.waitForOutput(containing: "unsaved change"))
        try cluster.psql(uri, "UPDATE people SET office = 'Psql 9' WHERE name = 'Kurt Krebsbach'")
        try cluster.psql(uri, "UPDATE people SET office = 'Psql 2' WHERE name = 'Joe Gregg'")
        session.send("save", "undo", "refresh", "list", "quit!")
        let run = session.finish()
        #expect(run.standardError.contains("'Kurt Krebsbach': office is \"Session 9\" here"), "\(run.standardError)")
        #expect(!run.standardOutput.contains("Already up to date"))
        #expect(run.standardOutput.contains("Psql 2") && run.standardOutput.contains("Psql 9"), "\(run.standardOutput)")
        #expect(try cluster.psql(uri, "SELECT office FROM people WHERE name = 'Kurt Krebsbach'") == "Psql 9\n")
    }

    @Test("a psql DELETE is logged and bumps the version: an edit of that person is a conflict")
    func psqlDeleteCounts() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let before = try cluster.psql(uri, "SELECT version FROM directory_versions WHERE list = 'people'")
        let session = try LiveProgram([uri], folder: folder)
        session.send("edit 1", "set office Gone", "changes")
        #expect(session.waitForOutput(containing: "unsaved change"))
        try cluster.psql(uri, "DELETE FROM people WHERE name = 'Acacia Ackles'")
        let after = try cluster.psql(uri, "SELECT version FROM directory_versions WHERE list = 'people'")
        #expect(
            Int(after.trimmingCharacters(in: .whitespacesAndNewlines))! > Int(
                before.trimmingCharacters(in: .whitespacesAndNewlines))!)
        #expect(try cluster.psql(uri, "SELECT count(*) FROM directory_deletions") == "1\n")
        session.send("save", "quit!")
        let run = session.finish()
        #expect(run.standardError.contains("'Acacia Ackles': you changed it, but the other session deleted it"))
    }

    @Test("tables of layout 1 are upgraded by their owner when opened, and keep their rows")
    func upgradesLayoutOne() throws {
        let (cluster, uri) = try PostgreSQLRoundTripTests.database()
        let folder = TemporaryFolder()
        try cluster.psql(uri, Self.layoutOne)
        let listed = try ProgramRun.run([uri, "-c", "list"], folder: folder)
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.contains("Old Timer"))
        #expect(try cluster.psql(uri, "SELECT version FROM directory_schema") == "5\n")
        #expect(try cluster.psql(uri, "SELECT to_regproc('directory_notify') IS NULL") == "t\n")
        try cluster.psql(uri, "UPDATE people SET office = 'Cellar'")
        #expect(try cluster.psql(uri, "SELECT revision > 3 FROM people") == "t\n")
        let saved = try ProgramRun.run([uri, "-c", "new New Comer", "-c", "save"], folder: folder)
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(
            try cluster.psql(uri, "SELECT string_agg(name, ',' ORDER BY position) FROM people")
                == "Old Timer,New Comer\n")
    }

    @Test("tables of a newer layout are neither read nor written: exit 1 and what to do")
    func refusesNewerLayout() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        try cluster.psql(uri, "UPDATE directory_schema SET version = 6")
        let run = try ProgramRun.run([uri, "-c", "new Too New", "-c", "save"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("newer release of directory"), "\(run.standardError)")
        #expect(run.standardError.contains("upgrade directory"))
        #expect(try cluster.psql(uri, "SELECT count(*) FROM people") == "3\n")
    }

    /// The tables and triggers the first release created (layout 1), with one person.
    static let layoutOne = """
        CREATE TABLE directory_schema (version integer NOT NULL);
        INSERT INTO directory_schema VALUES (1);
        CREATE TABLE directory_versions (list text PRIMARY KEY, version bigint NOT NULL);
        CREATE TABLE people (id uuid PRIMARY KEY, position double precision NOT NULL, name text NOT NULL DEFAULT '',
            office text NOT NULL DEFAULT '', extra jsonb NOT NULL DEFAULT '{}', revision bigint NOT NULL DEFAULT 0);
        CREATE TABLE bucket_items (id uuid PRIMARY KEY, position double precision NOT NULL,
            name text NOT NULL DEFAULT '', note text NOT NULL DEFAULT '', completed_date_seconds double precision,
            completed_date timestamptz GENERATED ALWAYS AS (to_timestamp(completed_date_seconds + 978307200)) STORED,
            extra jsonb NOT NULL DEFAULT '{}', revision bigint NOT NULL DEFAULT 0);
        INSERT INTO directory_versions VALUES ('people', 3), ('bucket_items', 0);
        INSERT INTO people VALUES ('E621E1F8-C36C-495A-93FC-0C247A3E6E5F', 1, 'Old Timer', 'Attic', '{}', 3);
        CREATE FUNCTION directory_notify() RETURNS trigger LANGUAGE plpgsql AS $body$
        BEGIN PERFORM pg_notify('directory_changes', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME || ' 1 x'); RETURN NULL; END
        $body$;
        CREATE TRIGGER people_update_notify AFTER UPDATE ON people REFERENCING NEW TABLE AS changed_rows
            FOR EACH STATEMENT EXECUTE FUNCTION directory_notify();
        """
}
