import Foundation
import Testing

/// Layouts 4 and 5: inserts and updates are stamped row by row but keep no copy of the rows
/// written (the statement triggers read no transition table, layout 4), by one stamp function
/// per table that reads the claimed version from a setting of its own (layout 5); tables of
/// layouts 4, 3 (and 2) are upgraded by their owner, and a psql bulk `UPDATE` is still
/// stamped and heard.
@Suite("PostgreSQL: layouts 4 and 5", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLLayoutFiveTests {
    /// Statement triggers on `table` that keep the rows written (a transition table) for an insert or update.
    static let keptRows =
        "SELECT count(*) FROM pg_trigger WHERE tgrelid = 'people'::regclass AND tgnewtable IS NOT NULL"

    @Test("tables of layout 3 are upgraded by their owner; a psql bulk UPDATE is stamped and heard")
    func upgradesLayoutThree() throws {
        let department = try PostgreSQLDepartmentTests.department.get()
        let cluster = department.cluster
        try cluster.psql(cluster.uri("postgres"), "CREATE DATABASE l3_dept")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../PostgreSQLFixtures/layout3-dept.sql")
        try department.runSQL(try String(contentsOf: fixture, encoding: .utf8), database: "l3_dept")
        #expect(try department.value(Self.keptRows, database: "l3_dept") == "2")
        let refused = try department.run([department.location("l3_dept"), "-c", "new Early", "-c", "save"])
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains("ask their owner to open the directory once"), "\(refused.standardError)")
        try cluster.psql(cluster.uri("l3_dept"), "GRANT CREATE ON SCHEMA public TO dept_owner")
        let owner = cluster.uri("l3_dept") + "&options=-crole%3Ddept_owner"
        let opened = try department.run([owner, "-c", "list"])
        #expect(opened.status == 0, "\(opened.standardError)")
        try cluster.psql(cluster.uri("l3_dept"), "REVOKE CREATE ON SCHEMA public FROM dept_owner")
        #expect(try department.value("SELECT max(version) FROM directory_schema", database: "l3_dept") == "5")
        #expect(try department.value(Self.keptRows, database: "l3_dept") == "0")

        let location = department.location("l3_dept")
        let terminal = try PseudoTerminal([location], folder: department.folder)
        let prompt = "postgresql://alice@/l3_dept > "
        #expect(terminal.waitFor(prompt))
        let alice = cluster.uri("l3_dept", user: "alice")
        let before = try cluster.psql(alice, "SELECT version FROM directory_versions WHERE list = 'people'")
        try cluster.psql(alice, "UPDATE people SET office = 'Bulk ' || name")
        #expect(
            try department.value(
                "SELECT bool_and(p.revision = v.version) AND min(v.version) > \(before.trimmingCharacters(in: .newlines)) "
                    + "FROM people p, directory_versions v WHERE v.list = 'people'", database: "l3_dept") == "t")
        #expect(
            PostgreSQLListeningTests.pressEnter(
                on: terminal, until: "Others changed 3 people in postgresql://alice@/l3_dept", prompt: prompt),
            "\(terminal.screenText)")
        terminal.type("refresh\r")
        terminal.type("list\r")
        #expect(terminal.waitFor("Bulk Three Person"), "\(terminal.screenText)")
        terminal.type("delete 1\r")
        terminal.type("save\r")
        #expect(terminal.waitFor("Saved 2 people"), "\(terminal.screenText)")
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        #expect(
            try department.value("SELECT count(*) FROM directory_deletions WHERE list = 'people'", database: "l3_dept")
                != "0")
    }
}

extension PostgreSQLLayoutFiveTests {
    @Test("a NOINHERIT login that takes the editor role with SET ROLE saves; a reader's direct claim is still refused")
    func noInheritEditor() throws {
        let department = try PostgreSQLDepartmentTests.department.get()
        let cluster = department.cluster
        try cluster.psql(
            cluster.uri("postgres"),
            "DO $$ BEGIN CREATE ROLE noinherit_ed LOGIN NOINHERIT IN ROLE dept_editors; "
                + "EXCEPTION WHEN duplicate_object THEN NULL; END $$")
        let location = cluster.uri("dept", user: "noinherit_ed") + "&options=-crole%3Ddept_editors"
        let saved = try department.run([location, "-c", "new Set Role Editor", "-c", "save"])
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(try department.value("SELECT count(*) FROM people WHERE name = 'Set Role Editor'") == "1")
        let plain = cluster.uri("dept", user: "noinherit_ed")
        #expect(throws: (any Error).self) { try cluster.psql(plain, "SELECT directory_claim('people', NULL)") }
    }
}

extension PostgreSQLLayoutFiveTests {
    /// The stamp triggers of `people`: name, events and function, one a line.
    static let stampTriggers = """
        SELECT string_agg(t.tgname || ' ' || (t.tgtype & 28) || ' ' || t.tgfoid::regproc, ', ' ORDER BY t.tgname)
        FROM pg_trigger t WHERE t.tgrelid = 'people'::regclass AND t.tgname LIKE 'people\\_stamp%'
        """

    @Test("tables of layout 4 are upgraded by their owner to one stamp function per table; every psql write is stamped")
    func upgradesLayoutFour() throws {
        let department = try PostgreSQLDepartmentTests.department.get()
        let cluster = department.cluster
        try cluster.psql(cluster.uri("postgres"), "CREATE DATABASE l4_dept")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../PostgreSQLFixtures/layout4-dept.sql")
        try department.runSQL(try String(contentsOf: fixture, encoding: .utf8), database: "l4_dept")
        // Layout 4: one trigger for inserts and updates (16 + 4 = 20), calling the shared function.
        #expect(try department.value(Self.stampTriggers, database: "l4_dept") == "people_stamp 20 directory_stamp")
        let refused = try department.run([department.location("l4_dept"), "-c", "new Early", "-c", "save"])
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains("ask their owner to open the directory once"), "\(refused.standardError)")
        try cluster.psql(cluster.uri("l4_dept"), "GRANT CREATE ON SCHEMA public TO dept_owner")
        let owner = cluster.uri("l4_dept") + "&options=-crole%3Ddept_owner"
        let opened = try department.run([owner, "-c", "list"])
        #expect(opened.status == 0, "\(opened.standardError)")
        #expect(opened.standardOutput.contains("Four Person"), "\(opened.standardOutput)")
        try cluster.psql(cluster.uri("l4_dept"), "REVOKE CREATE ON SCHEMA public FROM dept_owner")
        #expect(try department.value("SELECT max(version) FROM directory_schema", database: "l4_dept") == "5")
        // Layout 5: an update trigger (16) and an insert trigger (4), each table with its own function.
        #expect(
            try department.value(Self.stampTriggers, database: "l4_dept")
                == "people_stamp 16 directory_stamp_people, people_stamp_insert 4 directory_stamp_people")
        #expect(
            try department.value(
                "SELECT string_agg(proname, ' ' ORDER BY proname) FROM pg_proc WHERE proname LIKE 'directory\\_stamp%' "
                    + "AND pronamespace = 'public'::regnamespace", database: "l4_dept")
                == "directory_stamp_bucket_items directory_stamp_people")

        let alice = cluster.uri("l4_dept", user: "alice")
        func stampedAndBumped(_ sql: String, from before: Int, rows: String = "true") throws -> Int {
            try cluster.psql(alice, sql)
            let after =
                Int(
                    try department.value(
                        "SELECT version FROM directory_versions WHERE list = 'people'", database: "l4_dept")) ?? 0
            #expect(after == before + 1, "\(sql): version \(before) -> \(after)")
            #expect(
                try department.value(
                    "SELECT bool_and(revision = \(after)) FROM people WHERE \(rows)", database: "l4_dept")
                    == "t", "\(sql)")
            return after
        }
        var version =
            Int(
                try department.value(
                    "SELECT version FROM directory_versions WHERE list = 'people'", database: "l4_dept")) ?? 0
        // An UPDATE that leaves revision alone, one that sets it to an old version, one that
        // sets it in the same transaction as another, and an INSERT that gives one: all stamped.
        version = try stampedAndBumped("UPDATE people SET office = 'Bulk ' || name", from: version)
        version = try stampedAndBumped("UPDATE people SET office = office || '.', revision = 1", from: version)
        version = try stampedAndBumped(
            "BEGIN; UPDATE people SET office = office || '!'; UPDATE people SET revision = 2; COMMIT;", from: version)
        _ = try stampedAndBumped(
            "INSERT INTO people (id, position, name, office, revision) "
                + "VALUES (gen_random_uuid(), 10, 'Psql Person', 'Inserted', 1)", from: version,
            rows: "name = 'Psql Person'")

        let location = department.location("l4_dept")
        let terminal = try PseudoTerminal([location], folder: department.folder)
        let prompt = "postgresql://alice@/l4_dept > "
        #expect(terminal.waitFor(prompt))
        try cluster.psql(alice, "UPDATE people SET office = 'Heard ' || name")
        #expect(
            PostgreSQLListeningTests.pressEnter(
                on: terminal, until: "Others changed 5 people in postgresql://alice@/l4_dept", prompt: prompt),
            "\(terminal.screenText)")
        terminal.type("refresh\r")
        terminal.type("edit 1\r")
        terminal.type("set office Saved here\r")
        terminal.type("save\r")
        #expect(terminal.waitFor("Saved 5 people"), "\(terminal.screenText)")
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        // The session's own write carries the version it claimed, stamped once.
        #expect(
            try department.value(
                "SELECT p.revision = v.version FROM people p, directory_versions v "
                    + "WHERE p.office = 'Saved here' AND v.list = 'people'", database: "l4_dept") == "t")
        #expect(
            try department.value("SELECT count(*) FROM people WHERE office LIKE 'Heard %'", database: "l4_dept") == "4")
    }
}
