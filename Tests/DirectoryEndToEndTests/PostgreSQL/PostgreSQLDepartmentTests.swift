import Foundation
import Testing

/// A department as docs/postgresql.md sets it up, in a cluster of its own: what an editor
/// may touch, a second department in a schema of the same database, the upgrade of tables
/// 1.2.1 made, and backups restored with pg_dump and pg_restore.
@Suite(
    "PostgreSQL: a department a DBA signs off on", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"),
    .serialized)
struct PostgreSQLDepartmentTests {
    /// The cluster, with `dept` set up as documented (the `public` schema and the `sales`
    /// schema), `alice` an editor of both; `nil` when the set-up failed.
    static let department: Result<Department, any Error> = Result { try Department() }

    /// The set-up cluster and how to run things on it.
    struct Department {
        let cluster: TestCluster
        let folder = TemporaryFolder()

        init() throws {
            cluster = try TestCluster()
            // A static's folder is never deinitialized: it goes with the cluster.
            cluster.stopWhenGone(getpid(), alsoRemoving: [folder.path])
            try runSQL(try PostgreSQLSetupTests.block(after: "<!-- setup-sql: before -->"))
            try runCommand(try PostgreSQLSetupTests.block(after: "<!-- setup-command -->"))
            try runSQL(try PostgreSQLSetupTests.block(after: "<!-- setup-sql: after -->"))
            try runSQL(try PostgreSQLSetupTests.block(after: "<!-- setup-sql: second schema -->"))
            try runCommand(try PostgreSQLSetupTests.block(after: "<!-- setup-command: second schema -->"))
            try runSQL(try PostgreSQLSetupTests.block(after: "<!-- setup-sql: second schema after -->"))
            try cluster.psql(cluster.uri("postgres"), "GRANT sales_editors TO alice")
        }

        /// Runs a file of SQL with psql as `user` (the superuser unless said), stopping at the first error.
        func runSQL(_ sql: String, as user: String = "postgres", database: String = "postgres") throws {
            let file = folder.file("sql-\(UUID().uuidString).sql")
            try sql.write(toFile: file, atomically: false, encoding: .utf8)
            unsafe chmod(folder.path, 0o755)
            unsafe chmod(file, 0o644)
            try TestCluster.shell(
                cluster.psqlPath, ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-f", file, cluster.uri(database, user: user)],
                asServer: false)
        }

        /// Runs a documented `directory 'LOCATION' -c save` as the superuser, on this cluster.
        func runCommand(_ command: String) throws {
            let quoted = command.split(separator: "'")
            #expect(
                command.hasPrefix("directory '") && quoted.count == 3 && quoted[2].contains("-c save"), "\(command)")
            let server = ["PGHOST": cluster.folder, "PGUSER": "postgres"]
            let run = try ProgramRun.run([String(quoted[1]), "-c", "save"], folder: folder, environment: server)
            #expect(run.status == 0, "\(run.standardError)")
        }

        /// The location of `database` (in `schema`) as `user`.
        func location(_ database: String = "dept", user: String = "alice", schema: String? = nil) -> String {
            cluster.uri(database, user: user) + (schema.map { "&options=-csearch_path%3D\($0)" } ?? "")
        }

        /// Runs the program with `arguments` (a location first).
        func run(_ arguments: [String]) throws -> ProgramRun {
            try ProgramRun.run(arguments, folder: folder)
        }

        /// One value psql prints for `sql` on `database` (as the superuser), without the line break.
        func value(_ sql: String, database: String = "dept") throws -> String {
            try cluster.psql(cluster.uri(database), sql).trimmingCharacters(in: .newlines)
        }
    }

    @Test("an editor cannot write the bookkeeping tables, and still saves; the functions run as the owner")
    func editorsCannotWriteBookkeeping() throws {
        let department = try Self.department.get()
        let alice = department.cluster.uri("dept", user: "alice")
        for statement in [
            "UPDATE directory_schema SET version = 99", "UPDATE directory_versions SET version = 0",
            "INSERT INTO directory_deletions VALUES ('people', gen_random_uuid(), 1)",
            "DELETE FROM directory_deletions", "TRUNCATE directory_versions",
        ] {
            #expect(throws: (any Error).self, "\(statement)") { try department.cluster.psql(alice, statement) }
        }
        #expect(try department.value("SELECT max(version) FROM directory_schema") == "5")
        // A reader cannot bump the version through the functions that run as the owner either.
        let bob = department.cluster.uri("dept", user: "bob")
        #expect(throws: (any Error).self) { try department.cluster.psql(bob, "SELECT directory_claim('people', NULL)") }
        #expect(throws: (any Error).self) { try department.cluster.psql(bob, "SELECT directory_replaced('people')") }
        let made = try department.run([
            department.location(), "-c", "new Gone Soon", "-c", "new Stays Here", "-c", "save",
        ])
        #expect(made.status == 0, "\(made.standardError)")
        let gone = try department.value("SELECT left(id::text, 8) FROM people WHERE name = 'Gone Soon'")
        let saved = try department.run([department.location(), "-c", "delete #\(gone)", "-c", "save"])
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(try department.value("SELECT count(*) FROM directory_deletions WHERE list = 'people'") != "0")
        try department.cluster.psql(alice, "UPDATE people SET office = 'By psql' WHERE name = 'Stays Here'")
        #expect(
            try department.value(
                "SELECT p.revision = v.version FROM people p, directory_versions v "
                    + "WHERE p.name = 'Stays Here' AND v.list = 'people'") == "t")
        #expect(
            try department.value(
                "SELECT count(*) FILTER (WHERE prosecdef AND 'search_path=pg_catalog, pg_temp' = ANY(proconfig)) || '/' || count(*) "
                    + "FROM pg_proc WHERE proname LIKE 'directory\\_%' AND proname NOT LIKE 'directory\\_stamp%' "
                    + "AND pronamespace = 'public'::regnamespace")
                == "6/6")
        let listed = try department.run([department.location(), "-c", "list"])
        #expect(listed.standardOutput.contains("By psql"), "\(listed.standardError)")
    }

    @Test("two departments in two schemas of one database: a psql transaction writing both is heard by each")
    func twoSchemasSideBySide() throws {
        let department = try Self.department.get()
        let cluster = department.cluster
        let alice = cluster.uri("dept", user: "alice")
        let made = try department.run([department.location(schema: "sales"), "-c", "new Sam Sales", "-c", "save"])
        #expect(made.status == 0, "\(made.standardError)")
        #expect(
            try department.value("SELECT tableowner FROM pg_tables WHERE schemaname = 'sales' LIMIT 1") == "dept_owner")
        #expect(try department.run([department.location(), "-c", "new Pat Public", "-c", "save"]).status == 0)
        // The row of sales must carry the version the transaction claims for public first:
        // a setting shared by both schemas would then leave it unstamped.
        for _ in 0..<200 {
            let publicNext =
                Int(try department.value("SELECT version + 1 FROM public.directory_versions WHERE list = 'people'"))
                ?? 0
            let sam = Int(try department.value("SELECT revision FROM sales.people WHERE name = 'Sam Sales'")) ?? 0
            if sam == publicNext { break }
            let behind = sam < publicNext ? "sales" : "public"
            let name = behind == "sales" ? "Sam Sales" : "Pat Public"
            try cluster.psql(alice, "UPDATE \(behind).people SET office = office || '' WHERE name = '\(name)'")
        }
        let salesSession = try LiveProgram([department.location(schema: "sales")], folder: department.folder)
        salesSession.send("list")
        #expect(salesSession.waitForOutput(containing: "Sam Sales"), "\(salesSession.standardError)")
        let before = try department.value("SELECT version FROM sales.directory_versions WHERE list = 'people'")
        try cluster.psql(
            alice,
            "BEGIN; UPDATE public.people SET office = 'Both P' WHERE name = 'Pat Public'; "
                + "UPDATE sales.people SET office = 'Both S' WHERE name = 'Sam Sales'; COMMIT;")
        let after = try department.value("SELECT version FROM sales.directory_versions WHERE list = 'people'")
        #expect(Int(after) == (Int(before) ?? 0) + 1, "sales version \(before) -> \(after)")
        #expect(
            try department.value(
                "SELECT p.revision = v.version FROM sales.people p, sales.directory_versions v "
                    + "WHERE p.name = 'Sam Sales' AND v.list = 'people'") == "t")
        salesSession.send("refresh", "list")
        #expect(salesSession.waitForOutput(containing: "Both S"), "\(salesSession.standardOutput)")
        #expect(salesSession.finish().status == 0)
        let publicList = try department.run([department.location(), "-c", "list"])
        #expect(publicList.standardOutput.contains("Both P") && !publicList.standardOutput.contains("Sam Sales"))
    }

    @Test("tables set up by 1.2.1 are upgraded by their owner: editors lose the bookkeeping, keep the lists")
    func upgradesOneTwoOne() throws {
        let department = try Self.department.get()
        let cluster = department.cluster
        try cluster.psql(cluster.uri("postgres"), "CREATE DATABASE old_dept")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../PostgreSQLFixtures/layout2-dept.sql")
        try department.runSQL(try String(contentsOf: fixture, encoding: .utf8), database: "old_dept")
        let alice = cluster.uri("old_dept", user: "alice")
        // What 1.2.1 allowed: an editor writing the bookkeeping.
        try cluster.psql(alice, "UPDATE directory_versions SET horizon = horizon")
        let refused = try department.run([department.location("old_dept"), "-c", "new Early Bird", "-c", "save"])
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains("ask their owner to open the directory once"), "\(refused.standardError)")
        try cluster.psql(cluster.uri("old_dept"), "GRANT CREATE ON SCHEMA public TO dept_owner")
        let owner = cluster.uri("old_dept") + "&options=-crole%3Ddept_owner"
        let opened = try department.run([owner, "-c", "list"])
        #expect(opened.status == 0, "\(opened.standardError)")
        try cluster.psql(cluster.uri("old_dept"), "REVOKE CREATE ON SCHEMA public FROM dept_owner")
        #expect(try department.value("SELECT max(version) FROM directory_schema", database: "old_dept") == "5")
        #expect(throws: (any Error).self) { try cluster.psql(alice, "UPDATE directory_schema SET version = 99") }
        #expect(throws: (any Error).self) { try cluster.psql(alice, "DELETE FROM directory_deletions") }
        let saved = try department.run([
            department.location("old_dept"), "-c", "delete 2", "-c", "new Early Bird", "-c", "save", "-c", "list",
        ])
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(saved.standardOutput.contains("Ann Old") && saved.standardOutput.contains("Early Bird"))
        #expect(!saved.standardOutput.contains("Bo Old"))
        let bucket = try department.run([department.location("old_dept"), "--kind", "bucket", "-c", "list"])
        #expect(bucket.standardOutput.contains("See the sea"), "\(bucket.standardError)")
    }

    /// The ways docs/postgresql.md gives to restore a `pg_dump -Fc` of the department: the
    /// `pg_restore` arguments of each step.
    static let restorePaths: [[[String]]] = [
        [[]],
        [["--schema-only"], ["--data-only"]],
        [["--schema-only"], ["--data-only", "--disable-triggers"]],
    ]

    @Test(
        "pg_dump, then pg_restore whole, schema-only then data-only, or with --disable-triggers: both lists work",
        arguments: 0..<3)
    func restores(path: Int) throws {
        let department = try Self.department.get()
        let cluster = department.cluster
        let bucketMade = try department.run([
            department.location(), "--kind", "bucket", "-c", "new Climb a hill", "-c", "save",
        ])
        #expect(bucketMade.status == 0, "\(bucketMade.standardError)")
        #expect(try department.run([department.location(), "-c", "new Dumped Person", "-c", "save"]).status == 0)
        let dump = "/tmp/dpg-dump-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dump) }
        try TestCluster.shell(cluster.bin + "/pg_dump", ["-Fc", "-f", dump, cluster.uri("dept")], asServer: false)
        let restored = "restored\(path)"
        try cluster.psql(cluster.uri("postgres"), "CREATE DATABASE \(restored)")
        for step in Self.restorePaths[path] {
            try TestCluster.shell(
                cluster.bin + "/pg_restore", ["--exit-on-error", "-d", cluster.uri(restored)] + step + [dump],
                asServer: false)
        }
        let people = try department.run([
            department.location(restored), "-c", "new After Restore", "-c", "save", "-c", "list",
        ])
        #expect(people.status == 0, "\(people.standardError)")
        #expect(people.standardOutput.contains("Dumped Person") && people.standardOutput.contains("After Restore"))
        let bucket = try department.run([
            department.location(restored), "--kind", "bucket", "-c", "new Restored too", "-c", "save", "-c", "list",
        ])
        #expect(bucket.status == 0, "\(bucket.standardError)")
        #expect(bucket.standardOutput.contains("Climb a hill") && bucket.standardOutput.contains("Restored too"))
        #expect(
            try department.value(
                "SELECT bool_and(p.revision <= v.version) FROM people p, directory_versions v WHERE v.list = 'people'",
                database: restored) == "t")
    }

    @Test("a role without USAGE on the location's schema is told so, not to create the schema (found trying it)")
    func schemaWithoutUsageIsNamed() throws {
        let department = try Self.department.get()
        try department.cluster.psql(
            department.cluster.uri("postgres"), "CREATE ROLE outsider LOGIN IN ROLE dept_editors")
        let run = try department.run([department.location(user: "outsider", schema: "sales"), "-c", "list"])
        #expect(run.status == 1)
        #expect(
            run.standardError.contains("role outsider has no USAGE privilege on schema sales"), "\(run.standardError)")
        #expect(!run.standardError.contains("CREATE SCHEMA"), "\(run.standardError)")
    }

    @Test("tables a superuser creates in a schema granted to editors are warned about at once, with the fix")
    func superuserCreationWarned() throws {
        let department = try Self.department.get()
        let cluster = department.cluster
        try cluster.psql(cluster.uri("postgres"), "CREATE DATABASE solo")
        try cluster.psql(cluster.uri("solo"), "GRANT USAGE ON SCHEMA public TO dept_editors")
        let created = try department.run([cluster.uri("solo"), "-c", "new Made By Root", "-c", "save"])
        #expect(created.status == 0, "\(created.standardError)")
        #expect(
            created.standardError.contains(
                "directory: warning: the directory's tables were created by postgres, a superuser, who owns them"),
            "\(created.standardError)")
        #expect(created.standardError.contains("options=-crole%3Ddept_owner"))
        let again = try department.run([cluster.uri("solo"), "-c", "new Second", "-c", "save"])
        #expect(!again.standardError.contains("warning"), "\(again.standardError)")
    }
}
