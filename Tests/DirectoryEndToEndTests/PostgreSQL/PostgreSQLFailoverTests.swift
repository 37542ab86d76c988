import Foundation
import Testing

@Suite("PostgreSQL: failover to a promoted standby", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLFailoverTests {
    @Test("the primary stops and the standby is promoted: unsaved edits are saved to the new primary, news resumes")
    func failover() throws {
        let primary = try TestCluster()
        defer { primary.destroy() }
        try primary.psql(primary.uri("postgres"), "CREATE DATABASE dept")
        let standby = try primary.standby()
        defer { standby.destroy() }
        let both =
            "postgresql://postgres@/dept?host=\(primary.folder),\(standby.folder)&target_session_attrs=read-write"
        let folder = TemporaryFolder()
        let first = try ProgramRun.run([both, "-c", "new Before Failover", "-c", "save"], folder: folder)
        #expect(first.status == 0, "\(first.standardError)")
        let terminal = try PseudoTerminal([both], folder: folder)
        let name = "postgresql://postgres@/dept"
        #expect(terminal.waitFor("\(name) > "))
        terminal.type("new Unsaved At Failover\r")
        let edited = "\(name) [2 Unsaved At Failover]* > "
        #expect(terminal.waitFor(edited))
        try primary.stop()
        try standby.promote()
        terminal.type("save\r")
        #expect(terminal.waitFor("\(name) [2 Unsaved At Failover] > "))
        let other = try ProgramRun.run([both, "-c", "new After Failover", "-c", "save"], folder: folder)
        #expect(other.status == 0, "\(other.standardError)")
        #expect(
            PostgreSQLListeningTests.pressEnter(
                on: terminal, until: "Others changed 1 person in \(name)", prompt: "\(name) [2 Unsaved At Failover] > ")
        )
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        #expect(
            try standby.psql(standby.uri("dept"), "SELECT name FROM people ORDER BY name")
                == "After Failover\nBefore Failover\nUnsaved At Failover\n")
        #expect(!terminal.screenText.contains("FATAL"))
    }
}
