import Foundation
import Testing

@Suite("PostgreSQL: lists saved to and loaded from a database", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLRoundTripTests {
    /// The shared cluster and a fresh database in it.
    static func database() throws -> (TestCluster, String) {
        let cluster = try #require(TestCluster.shared, "the test cluster did not start")
        return (cluster, try cluster.createDatabase())
    }

    @Test("a database without tables opens as an empty list; the first save creates the tables")
    func emptyDatabase() throws {
        let folder = TemporaryFolder()
        let (cluster, uri) = try Self.database()
        let first = try ProgramRun.run([uri], input: "list\nopen \(uri)\nlist\n", folder: folder)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("The directory is empty"))
        #expect(try cluster.psql(uri, "SELECT to_regclass('people') IS NULL") == "t\n")
        let saved = try ProgramRun.run(
            [uri, "-c", "new Ann Arbor", "-c", "set office Briggs 1", "-c", "save"], folder: folder)
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(try cluster.psql(uri, "SELECT name, office FROM people") == "Ann Arbor|Briggs 1\n")
        #expect(try cluster.psql(uri, "SELECT version FROM directory_schema") == "5\n")
    }

    @Test("people keep their ids, order and unknown keys through a database and back")
    func peopleRoundTrip() throws {
        let folder = TemporaryFolder()
        let (cluster, uri) = try Self.database()
        let json = folder.file("people.json")
        let text = #"""
            [{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Tab\there","office":"Line\nbreak \\ back","pronouns":"she/her","badge":{"n":7,"issued":[1.5,true,null]}},{"id":"0D1B3C5A-1111-4222-8333-944455566677","name":"Zoë ✓","office":""}]
            """#
        try Data(text.utf8).write(to: URL(fileURLWithPath: json))
        let moved = try ProgramRun.run([json, "-c", "save as \(uri)"], folder: folder)
        #expect(moved.status == 0, "\(moved.standardError)")
        #expect(try cluster.psql(uri, "SELECT extra->>'pronouns' FROM people WHERE name = 'Tab\there'") == "she/her\n")
        let back = folder.file("back.json")
        let returned = try ProgramRun.run([uri, "-c", "save as \(back)"], folder: folder)
        #expect(returned.status == 0, "\(returned.standardError)")
        let original = try ProgramRun.run([json, "--format", "json", "-c", "list"], folder: folder)
        let again = try ProgramRun.run([back, "--format", "json", "-c", "list"], folder: folder)
        #expect(again.standardOutput == original.standardOutput)
        let content = try String(contentsOfFile: back, encoding: .utf8)
        #expect(content.contains("\"pronouns\":\"she\\/her\"") || content.contains("\"pronouns\":\"she/her\""))
        #expect(content.contains("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    }

    @Test("move and sort are saved to a database: the next session lists the new order")
    func reorderSaved() throws {
        let folder = TemporaryFolder()
        let (cluster, uri) = try Self.database()
        let made = try ProgramRun.run(
            [uri, "-c", "new Cy", "-c", "new Ann", "-c", "new Bo", "-c", "new Dee", "-c", "save"], folder: folder)
        #expect(made.status == 0, "\(made.standardError)")
        let moved = try ProgramRun.run([uri, "-c", "move 4 to 1", "-c", "save"], folder: folder)
        #expect(moved.status == 0, "\(moved.standardError)")
        let order = "SELECT string_agg(name, ',' ORDER BY position) FROM people"
        #expect(try cluster.psql(uri, order) == "Dee,Cy,Ann,Bo\n")
        let sorted = try ProgramRun.run([uri, "-c", "sort name", "-c", "new Eve", "-c", "save"], folder: folder)
        #expect(sorted.status == 0, "\(sorted.standardError)")
        #expect(try cluster.psql(uri, order) == "Ann,Bo,Cy,Dee,Eve\n")
        let listed = try ProgramRun.run([uri, "-c", "list"], folder: folder)
        #expect(listed.standardOutput.contains("1  Ann"), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("5  Eve"), "\(listed.standardOutput)")
    }

    @Test("bucket items keep their dates (or none) through a database")
    func bucketRoundTrip() throws {
        let folder = TemporaryFolder()
        let (cluster, uri) = try Self.database()
        let made = try ProgramRun.run(
            [
                "--kind", "bucket", uri, "-c", "new Climb", "-c", "done 2024-05-06", "-c", "set note high",
                "-c", "new Swim", "-c", "save",
            ], folder: folder)
        #expect(made.status == 0, "\(made.standardError)")
        let listed = try ProgramRun.run(["--kind", "bucket", uri, "--format", "csv", "-c", "list"], folder: folder)
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.contains("Climb"))
        #expect(listed.standardOutput.contains("2024-05-06"))
        #expect(
            try cluster.psql(uri, "SELECT name, completed_date IS NULL FROM bucket_items ORDER BY position")
                == "Climb|f\nSwim|t\n")
        #expect(
            try cluster.psql(
                uri,
                "SELECT to_char(completed_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM bucket_items WHERE name = 'Climb'"
            ) == "2024-05-06\n")
    }

    @Test("a hostile name is stored verbatim, and the tables are still there")
    func hostileName() throws {
        let folder = TemporaryFolder()
        let (cluster, uri) = try Self.database()
        let name = "x'); drop table people; --"
        let run = try ProgramRun.run(
            [uri, "-c", "new \(name)", "-c", "set office \"a\\\"b\"", "-c", "save"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try cluster.psql(uri, "SELECT name FROM people") == name + "\n")
        let edited = try ProgramRun.run(
            [uri, "-c", "edit 1", "-c", "set office \(name)", "-c", "save"], folder: folder)
        #expect(edited.status == 0, "\(edited.standardError)")
        #expect(try cluster.psql(uri, "SELECT office FROM people") == name + "\n")
    }

    @Test("a second database schema is a second directory, chosen with options=-csearch_path")
    func otherSchema() throws {
        let folder = TemporaryFolder()
        let (cluster, uri) = try Self.database()
        try cluster.psql(uri, "CREATE SCHEMA sales")
        let sales = uri + "&options=-csearch_path%3Dsales"
        #expect(try ProgramRun.run([sales, "-c", "new Sal", "-c", "save"], folder: folder).status == 0)
        #expect(try ProgramRun.run([uri, "-c", "new Pat", "-c", "save"], folder: folder).status == 0)
        #expect(try cluster.psql(uri, "SELECT name FROM sales.people") == "Sal\n")
        #expect(try cluster.psql(uri, "SELECT name FROM public.people") == "Pat\n")
        let listed = try ProgramRun.run([sales, "-c", "list"], folder: folder)
        #expect(listed.standardOutput.contains("Sal") && !listed.standardOutput.contains("Pat"))
    }

    @Test("the list's order is the position column's, whatever order the rows are stored in")
    func orderByPosition() throws {
        let folder = TemporaryFolder()
        let (cluster, uri) = try Self.database()
        let made = try ProgramRun.run([uri, "-c", "new A", "-c", "new B", "-c", "new C", "-c", "save"], folder: folder)
        #expect(made.status == 0, "\(made.standardError)")
        try cluster.psql(uri, "UPDATE people SET position = -position WHERE name <> 'B'")
        let listed = try ProgramRun.run([uri, "--format", "csv", "-c", "list"], folder: folder)
        #expect(
            listed.standardOutput.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",")[1] }
                == [
                    "C", "A", "B",
                ])
    }
}
