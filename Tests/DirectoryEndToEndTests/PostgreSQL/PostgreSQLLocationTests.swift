import Foundation
import Testing

@Suite("PostgreSQL: what a location holds", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLLocationTests {
    @Test("the word bucket in the location's text does not make it a bucket list: the tables say")
    func kindFromTables() throws {
        let (_, uri, folder) = try PostgreSQLSessionTests.samples()
        for spelled in [uri + "&application_name=bucketwatch", uri + "&fallback_application_name=bucket"] {
            let run = try ProgramRun.run([spelled, "-c", "list"], folder: folder)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.contains("Joe Gregg"), "\(run.standardOutput)")
        }
        let bucket = try ProgramRun.run([uri, "--kind", "bucket", "-c", "list"], folder: folder)
        #expect(bucket.standardOutput.contains("bucket list item"), "\(bucket.standardOutput)")
    }

    @Test("a search_path naming a schema without the tables is not a directory: exit 1 and how to fix it")
    func emptySchemaRefused() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        try cluster.psql(uri, "CREATE SCHEMA sales")
        let run = try ProgramRun.run([uri + "&options=-csearch_path%3Dsales", "-c", "list"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("not a directory: schema sales"), "\(run.standardError)")
        #expect(run.standardError.contains("search_path%3Dpublic"))
        let missing = try ProgramRun.run([uri + "&options=-csearch_path%3Dnope", "-c", "list"], folder: folder)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("names no schema that exists"), "\(missing.standardError)")
    }

    @Test("a missing version row or table is not a directory: exit 1, nothing written")
    func brokenDirectoryRefused() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        try cluster.psql(uri, "DELETE FROM directory_versions WHERE list = 'people'")
        let run = try ProgramRun.run([uri, "-c", "new X", "-c", "save"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("directory_versions has no row for people"), "\(run.standardError)")
        try cluster.psql(uri, "DROP TABLE bucket_items")
        let dropped = try ProgramRun.run([uri, "-c", "list"], folder: folder)
        #expect(dropped.status == 1)
        #expect(dropped.standardError.contains("lacks bucket_items"), "\(dropped.standardError)")
        #expect(try cluster.psql(uri, "SELECT count(*) FROM people") == "3\n")
    }

    @Test("a row whose extra is not a JSON object is named, with the fix, instead of a bare COPY row")
    func badExtraNamed() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        try cluster.psql(uri, "UPDATE people SET extra = '[1, 2]' WHERE name = 'Joe Gregg'")
        let id = try cluster.psql(uri, "SELECT id FROM people WHERE name = 'Joe Gregg'")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let run = try ProgramRun.run([uri, "-c", "list"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("('Joe Gregg') has an extra column that is not a JSON object"))
        #expect(run.standardError.lowercased().contains(id.lowercased()), "\(run.standardError)")
    }

    @Test("1,000 records inserted at one spot keep their order, with distinct positions")
    func thousandInsertsAtOneSpot() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let editor = folder.file("insert.sh")
        let script = """
            #!/bin/sh
            awk 'NR==2{print; for(i=1;i<=1000;i++) printf "N%04d\\tx\\n", i; next} {print}' "$1" > "$1.new"
            cat "$1.new" > "$1"
            rm "$1.new"
            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: editor))
        unsafe chmod(editor, 0o755)
        let run = try ProgramRun.run(
            [uri, "-c", "editor", "-c", "save"], folder: folder, environment: ["EDITOR": editor, "VISUAL": editor])
        #expect(run.status == 0, "\(run.standardError)")
        let expected =
            ["Acacia Ackles"] + (1...1000).map { String(format: "N%04d", $0) } + ["Joe Gregg", "Kurt Krebsbach"]
        let order = try cluster.psql(uri, "SELECT string_agg(name, ',' ORDER BY position) FROM people")
        #expect(order == expected.joined(separator: ",") + "\n")
        #expect(try cluster.psql(uri, "SELECT count(DISTINCT position) FROM people") == "1003\n")
        let listed = try ProgramRun.run([uri, "-c", "list"], folder: folder)
        #expect(listed.standardOutput.contains("1002  Joe Gregg") || listed.standardOutput.contains("1002 Joe Gregg"))
    }
}
