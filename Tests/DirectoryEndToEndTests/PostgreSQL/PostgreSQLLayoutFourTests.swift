import Foundation
import Testing

/// Layout 4: inserts and updates are stamped row by row but no longer keep a copy of the
/// rows written (the statement triggers read no transition table); tables of layout 3 (and 2)
/// are upgraded by their owner, and a psql bulk `UPDATE` is still stamped and heard.
@Suite("PostgreSQL: layout 4", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLLayoutFourTests {
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
        #expect(try department.value("SELECT max(version) FROM directory_schema", database: "l3_dept") == "4")
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

extension PostgreSQLLayoutFourTests {
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
