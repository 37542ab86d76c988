import Foundation
import Testing

/// The setup docs/postgresql.md gives a DBA, run as written in a cluster of its own.
@Suite("PostgreSQL: the documented setup", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLSetupTests {
    /// The fenced block that follows `marker` in docs/postgresql.md.
    static func block(after marker: String) throws -> String {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../docs/postgresql.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(text.range(of: marker))
        let fence = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let body = try #require(text.range(of: "\n", range: fence.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: body.upperBound..<text.endIndex))
        return String(text[body.upperBound..<end.lowerBound])
    }

    @Test("the tables end up owned by the group role; editors write, readers read, DROP ROLE of an editor works")
    func documentedSetup() throws {
        let cluster = try TestCluster()
        defer { cluster.destroy() }
        let folder = TemporaryFolder()
        func runSQL(_ sql: String, as user: String = "postgres", database: String = "postgres") throws {
            let file = folder.file("setup-\(UUID().uuidString).sql")
            try sql.write(toFile: file, atomically: false, encoding: .utf8)
            unsafe chmod(folder.path, 0o755)
            unsafe chmod(file, 0o644)
            try TestCluster.shell(
                cluster.psqlPath, ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-f", file, cluster.uri(database, user: user)],
                asServer: false)
        }
        try runSQL(try Self.block(after: "<!-- setup-sql: before -->"))
        let command = try Self.block(after: "<!-- setup-command -->")
        let quoted = command.split(separator: "'")
        #expect(command.hasPrefix("directory '") && quoted.count == 3 && quoted[2].contains("-c save"), "\(command)")
        let server = ["PGHOST": cluster.folder, "PGUSER": "postgres"]
        let created = try ProgramRun.run([String(quoted[1]), "-c", "save"], folder: folder, environment: server)
        #expect(created.status == 0, "\(created.standardError)")
        try runSQL(try Self.block(after: "<!-- setup-sql: after -->"))
        let dept = cluster.uri("dept")
        #expect(
            try cluster.psql(dept, "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'")
                == "dept_owner\n")
        #expect(try cluster.psql(dept, "SELECT has_schema_privilege('dept_owner', 'public', 'CREATE')") == "f\n")
        let alice = try ProgramRun.run(
            [cluster.uri("dept", user: "alice"), "-c", "new Ann Editor", "-c", "save"], folder: folder)
        #expect(alice.status == 0, "\(alice.standardError)")
        let again = try ProgramRun.run(
            [cluster.uri("dept", user: "alice"), "-c", "edit 1", "-c", "set office B 1", "-c", "save"], folder: folder)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(throws: (any Error).self) {
            try runSQL("CREATE TABLE intruder (x int);", as: "alice", database: "dept")
        }
        let bob = try ProgramRun.run(
            [cluster.uri("dept", user: "bob"), "-c", "list", "-c", "new Not Allowed", "-c", "save"], folder: folder)
        #expect(bob.status == 1)
        #expect(bob.standardOutput.contains("Ann Editor"))
        #expect(bob.standardError.contains("not saved: permission denied for table"))
        try cluster.psql(cluster.uri("postgres"), "DROP ROLE alice")
        #expect(try cluster.psql(dept, "SELECT name, office FROM people") == "Ann Editor|B 1\n")
    }
}
