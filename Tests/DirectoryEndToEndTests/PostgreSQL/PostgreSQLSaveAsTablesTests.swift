import Foundation
import Testing

/// `save as` into a database without tables creates the loaded list's table bare and adds
/// its primary key, indexes and insert trigger after the `COPY`, as pg_restore loads a table;
/// the tables end exactly as the first `save` of a new list makes them.
@Suite("PostgreSQL: save as into new tables", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLSaveAsTablesTests {
    /// The schema of the database at `uri` as `pg_dump --schema-only` prints it, without the
    /// random key of its `\restrict` lines (pg_dump 15.14 and later).
    static func schema(_ cluster: TestCluster, _ uri: String) throws -> String {
        let dump = try TestCluster.shell(cluster.bin + "/pg_dump", ["--schema-only", uri], asServer: false)
        return dump.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("\\restrict ") && !$0.hasPrefix("\\unrestrict ") }.joined(separator: "\n")
    }

    /// A fresh database whose new tables get rights by default (so the dump shows the grants
    /// and `ownerOnlyBookkeeping`'s revocations).
    static func database(_ cluster: TestCluster) throws -> String {
        let uri = try cluster.createDatabase()
        try cluster.psql(uri, "ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON TABLES TO PUBLIC")
        return uri
    }

    @Test(
        "save as into a new database: the same tables, key, indexes, triggers, owner and grants as a first save",
        arguments: ["person", "bucket"])
    func sameTablesAsFirstSave(kind: String) throws {
        let folder = TemporaryFolder()
        let cluster = try #require(TestCluster.shared, "the test cluster did not start")
        let saved = try Self.database(cluster)
        let loaded = try Self.database(cluster)
        let table = kind == "bucket" ? "bucket_items" : "people"
        let first = try ProgramRun.run(
            ["--kind", kind, saved, "-c", "new Ann", "-c", "new Bo", "-c", "new Cy", "-c", "save"], folder: folder)
        #expect(first.status == 0, "\(first.standardError)")
        let copied = try ProgramRun.run(["--kind", kind, saved, "-c", "save as \(loaded)"], folder: folder)
        #expect(copied.status == 0, "\(copied.standardError)")
        let made = try Self.schema(cluster, saved)
        #expect(made.contains("ADD CONSTRAINT \(table)_pkey PRIMARY KEY (id)"))
        #expect(made.contains("CREATE TRIGGER \(table)_stamp_insert BEFORE INSERT"))
        #expect(try Self.schema(cluster, loaded) == made)
        #expect(
            try cluster.psql(loaded, "SELECT string_agg(name, ',' ORDER BY position) FROM \(table)") == "Ann,Bo,Cy\n")
        // The key was built after the update trigger, which is made before the rows are loaded.
        let keyAfterTrigger =
            "SELECT '\(table)_pkey'::regclass::oid::bigint > oid::bigint FROM pg_trigger "
            + "WHERE tgname = '\(table)_stamp'"
        #expect(try cluster.psql(loaded, keyAfterTrigger) == "t\n")
        // The insert trigger made after the load stamps psql's rows.
        try cluster.psql(loaded, "INSERT INTO \(table) (id, position, name) VALUES (gen_random_uuid(), 4, 'By psql')")
        #expect(
            try cluster.psql(
                loaded,
                "SELECT t.revision = v.version AND v.version > 1 FROM \(table) t, directory_versions v "
                    + "WHERE t.name = 'By psql' AND v.list = '\(table)'") == "t\n")
    }

    @Test("save! as onto a directory's tables replaces the rows and keeps the tables as they were")
    func replacingKeepsTables() throws {
        let folder = TemporaryFolder()
        let cluster = try #require(TestCluster.shared, "the test cluster did not start")
        let source = try Self.database(cluster)
        let target = try Self.database(cluster)
        let first = try ProgramRun.run([source, "-c", "new Ann", "-c", "new Bo", "-c", "save"], folder: folder)
        #expect(first.status == 0, "\(first.standardError)")
        let old = try ProgramRun.run([target, "-c", "new Old", "-c", "save"], folder: folder)
        #expect(old.status == 0, "\(old.standardError)")
        let before = try Self.schema(cluster, target)
        let replaced = try ProgramRun.run([source, "-c", "save! as \(target)"], folder: folder)
        #expect(replaced.status == 0, "\(replaced.standardError)")
        #expect(try Self.schema(cluster, target) == before)
        #expect(try cluster.psql(target, "SELECT string_agg(name, ',' ORDER BY position) FROM people") == "Ann,Bo\n")
    }
}
