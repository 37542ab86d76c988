import Foundation
import Testing

/// A merging save and `refresh` after another session's one-field change read only the rows
/// written since (the delta), through the indexes, even from a table without statistics (just
/// loaded in bulk, before autovacuum's `ANALYZE`): never the whole table. The server's
/// `auto_explain` logs the plan of every statement the program sends.
@Suite("PostgreSQL: merges read only what changed", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLDeltaPlanTests {
    @Test("a merging save and refresh on a table without statistics read no whole table")
    func mergesReadOnlyTheWrittenRows() throws {
        let folder = TemporaryFolder()
        let (cluster, uri) = try PostgreSQLRoundTripTests.database()
        let created = try ProgramRun.run([uri, "-c", "new First", "-c", "save"], folder: folder)
        #expect(created.status == 0, "\(created.standardError)")
        let database = TestCluster.databaseName(of: uri)
        // 20,000 people inserted at once and never analyzed. Without bitmap scans the planner
        // chooses for them what it chooses for 1,000,000 rows without statistics: to read all.
        try cluster.psql(
            uri,
            """
            ALTER TABLE people SET (autovacuum_enabled = off);
            DELETE FROM people;
            INSERT INTO people (id, position, name, office)
                SELECT md5('person' || i)::uuid, i, 'Person ' || i, 'Office ' || i FROM generate_series(1, 20000) i;
            ALTER DATABASE \(database) SET enable_bitmapscan = off;
            ALTER DATABASE \(database) SET session_preload_libraries = 'auto_explain';
            ALTER DATABASE \(database) SET auto_explain.log_min_duration = 0;
            """)
        let log = cluster.folder + "/log"
        let session = try LiveProgram([uri], folder: folder)
        session.send("edit 9000", "set office Mine-9000", "find Mine-9000")
        #expect(session.waitForOutput(containing: "Mine-9000"), "\(session.standardError)")
        // From here on, the log holds only the merges' plans (and psql's by primary key).
        let start = try Self.size(of: log)
        try cluster.psql(uri, "UPDATE people SET office = 'Theirs-7' WHERE id = md5('person7')::uuid")
        session.send("save")
        #expect(Self.wait(for: "Saved", in: session), "\(session.standardError)")
        try cluster.psql(uri, "UPDATE people SET office = 'Theirs-8' WHERE id = md5('person8')::uuid")
        session.send("refresh")
        #expect(Self.wait(for: "Refreshed", in: session), "\(session.standardError)")
        let marker = "merges-done-" + UUID().uuidString
        try cluster.psql(uri, "SELECT '\(marker)'")
        var window = ""
        let deadline = Date().addingTimeInterval(60)
        while !window.contains(marker), Date() < deadline {
            window = String(decoding: try Self.bytes(of: log, from: start), as: UTF8.self)
            if !window.contains(marker) { usleep(10_000) }
        }
        session.send("quit")
        let run = session.finish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(window.contains(marker), "auto_explain logged nothing: \(window.suffix(2_000))")
        #expect(window.contains("people_revision"), "the delta was not read: \(window.suffix(4_000))")
        #expect(!window.contains("Seq Scan on people"), "\(window)")
        let offices = try cluster.psql(
            uri,
            "SELECT office FROM people WHERE id IN (md5('person7')::uuid, md5('person8')::uuid) "
                + "OR office = 'Mine-9000' ORDER BY position")
        #expect(offices == "Theirs-7\nTheirs-8\nMine-9000\n")
    }

    /// Waits until the session's output or errors contain `text`.
    static func wait(for text: String, in session: LiveProgram) -> Bool {
        let deadline = Date().addingTimeInterval(90)
        while Date() < deadline {
            if session.standardOutput.contains(text) || session.standardError.contains(text) { return true }
            if !session.isRunning { break }
            usleep(5_000)
        }
        return session.standardOutput.contains(text) || session.standardError.contains(text)
    }

    /// The size of the file at `path`.
    static func size(of path: String) throws -> UInt64 {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.uint64Value ?? 0
    }

    /// The bytes of the file at `path` from `offset` on.
    static func bytes(of path: String, from offset: UInt64) throws -> Data {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: offset)
        return try handle.readToEnd() ?? Data()
    }
}
