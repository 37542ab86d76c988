import Foundation
import Testing

/// A save of many changes goes as one `COPY` and one statement per kind of change, and gives
/// exactly what the row-by-row save gives: the same rows, order, conflicts (named by the
/// first `save`, kept this side's way by `save!`) and bookkeeping.
/// The row-by-row save is what a role that may not create temporary tables gets.
@Suite("PostgreSQL: bulk saves", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLBulkSaveTests {
    /// A database of `count` people (ids and positions fixed, so two databases hold the same
    /// list), edited by a role of its own that may write the lists but is not a superuser;
    /// `bulk: false` takes the right to temporary tables away from it.
    static func database(people count: Int, bulk: Bool, folder: TemporaryFolder) throws -> (TestCluster, String) {
        let (cluster, uri) = try PostgreSQLRoundTripTests.database()
        let created = try ProgramRun.run([uri, "-c", "new First", "-c", "save"], folder: folder)
        #expect(created.status == 0, "\(created.standardError)")
        let database = TestCluster.databaseName(of: uri)
        let editor = "editor_" + database
        try cluster.psql(
            uri,
            """
            CREATE ROLE \(editor) LOGIN;
            GRANT SELECT, INSERT, UPDATE, DELETE ON people, bucket_items TO \(editor);
            GRANT SELECT ON directory_schema, directory_versions, directory_deletions TO \(editor);
            DELETE FROM people;
            INSERT INTO people (id, position, name, office)
                SELECT md5('person' || i)::uuid, i, 'Person ' || i, 'Office ' || i FROM generate_series(1, \(count)) i;
            """ + (bulk ? "" : "REVOKE TEMPORARY ON DATABASE \(database) FROM PUBLIC;"))
        return (cluster, cluster.uri(database, user: editor))
    }

    /// Runs the same editing on a database saved in bulk and one saved row by row while
    /// another editor saves in between, and returns for each: the session's output, the rows
    /// (name, office in list order) and the bookkeeping (deletions logged, version, rows
    /// stamped after it).
    static func bothWays(edits: [String], others: [String]) throws -> [(output: String, rows: String, books: String)] {
        var outcomes: [(String, String, String)] = []
        for bulk in [true, false] {
            let folder = TemporaryFolder()
            let (cluster, uri) = try database(people: 2_000, bulk: bulk, folder: folder)
            let script = folder.path + "/edits"
            try (edits + ["new Marker", "set office Marker-Done", "find Marker-Done"]).joined(separator: "\n")
                .write(toFile: script, atomically: true, encoding: .utf8)
            let session = try LiveProgram([uri, "--format", "csv"], folder: folder)
            session.send("source \(script)")
            let end = Date().addingTimeInterval(120)
            while !session.standardOutput.contains("Marker-Done"), Date() < end { usleep(10_000) }
            #expect(session.standardOutput.contains("Marker-Done"), "\(session.standardOutput.suffix(500))")
            let other = try ProgramRun.run([uri] + others.flatMap { ["-c", $0] } + ["-c", "save"], folder: folder)
            #expect(other.status == 0, "\(other.standardError)")
            // The first save names the conflicts and writes nothing; `save!` keeps this side's.
            session.send("save", "save!", "quit")
            let run = session.finish()
            let rows = try cluster.psql(uri, "SELECT name, office FROM people ORDER BY position")
            let books = try cluster.psql(
                uri,
                "SELECT (SELECT count(*) FROM directory_deletions WHERE list = 'people'), "
                    + "(SELECT count(*) FROM people WHERE revision > (SELECT version FROM directory_versions "
                    + "WHERE list = 'people')), (SELECT count(DISTINCT position) = count(*) FROM people)")
            let database = TestCluster.databaseName(of: uri)
            // The marker's line names its id, which differs.
            let saved = (run.standardError + run.standardOutput).replacingOccurrences(of: uri, with: "URI")
                .replacingOccurrences(of: database, with: "DATABASE").split(separator: "\n")
                .filter { !$0.contains("Marker-Done") }.joined(separator: "\n")
            outcomes.append((saved, rows, books))
        }
        return outcomes
    }

    @Test("thousands of edits, additions and deletions saved in bulk give what the row-by-row save gives")
    func mixedChanges() throws {
        var edits: [String] = []
        for index in stride(from: 10, through: 1_800, by: 3) { edits += ["edit \(index)", "set office Bulk \(index)"] }
        edits.append("delete " + (1_850...1_990).map(String.init).joined(separator: " "))
        for index in 1...300 { edits += ["new New \(index)", "set office N\(index)"] }
        let others = [
            "edit 13", "set office Theirs 13", "edit 14", "set office Theirs 14", "delete 1999", "new Theirs",
        ]
        let outcomes = try Self.bothWays(edits: edits, others: others)
        #expect(outcomes.count == 2)
        guard outcomes.count == 2 else { return }
        #expect(outcomes[0].output == outcomes[1].output)
        #expect(outcomes[0].output.contains("Saved"), "\(outcomes[0].output)")
        #expect(outcomes[0].rows == outcomes[1].rows)
        #expect(outcomes[0].rows.contains("New 300|N300\nMarker|Marker-Done"), "\(outcomes[0].rows.suffix(200))")
        #expect(outcomes[0].rows.contains("Person 13|Bulk 13\nPerson 14|Theirs 14"))
        #expect(outcomes[0].books == outcomes[1].books)
        #expect(outcomes[0].books == "143|0|t\n", "\(outcomes[0].books)")
    }

    @Test("moves with many edits saved in bulk give the order the row-by-row save gives")
    func movesAndEdits() throws {
        var edits: [String] = []
        for index in stride(from: 1, through: 1_500, by: 4) { edits += ["edit \(index)", "set office Moved \(index)"] }
        edits += ["new Placed", "move 2001 to 5", "move 100 to 1900", "sort office desc", "move 3 to 1"]
        edits += (1...40).map { "delete \($0 * 7)" }
        let others = ["move 2000 to 1", "edit 2", "set office Theirs", "new Theirs New"]
        let outcomes = try Self.bothWays(edits: edits, others: others)
        #expect(outcomes.count == 2)
        guard outcomes.count == 2 else { return }
        #expect(outcomes[0].output == outcomes[1].output)
        #expect(outcomes[0].rows == outcomes[1].rows)
        #expect(outcomes[0].books == outcomes[1].books)
        #expect(outcomes[0].books.hasSuffix("|0|t\n"), "\(outcomes[0].books)")
    }

    @Test("the bucket list saves in bulk too: dates set and cleared, items added and deleted")
    func bucketList() throws {
        let folder = TemporaryFolder()
        let (cluster, uri) = try PostgreSQLRoundTripTests.database()
        var lines: [String] = []
        for index in 1...60 {
            lines += ["new Item \(index)", "set note Note \(index)"] + (index % 2 == 0 ? ["done"] : [])
        }
        let added = try ProgramRun.run(
            [uri, "--kind", "bucket"], input: (lines + ["save"]).joined(separator: "\n"), folder: folder)
        #expect(added.status == 0, "\(added.standardError)")
        let counted =
            "SELECT count(*), count(completed_date), count(*) FILTER (WHERE note LIKE 'Note %') FROM bucket_items"
        #expect(try cluster.psql(uri, counted) == "60|30|60\n")
        var edits: [String] = []
        for index in 1...40 {
            edits += ["edit \(index)", index % 2 == 0 ? "undone" : "done", "set note Changed \(index)"]
        }
        edits.append("delete " + (50...60).map(String.init).joined(separator: " "))
        let changed = try ProgramRun.run(
            [uri, "--kind", "bucket"], input: (edits + ["save"]).joined(separator: "\n"), folder: folder)
        #expect(changed.status == 0, "\(changed.standardError)")
        #expect(try cluster.psql(uri, counted) == "49|24|9\n")
        #expect(
            try cluster.psql(uri, "SELECT count(*) FROM directory_deletions WHERE list = 'bucket_items'") == "11\n")
        #expect(
            try cluster.psql(
                uri, "SELECT string_agg(name, ',' ORDER BY position) FROM bucket_items"
            )
            .hasPrefix("Item 1,Item 2,Item 3,Item 4,"))
    }
}
