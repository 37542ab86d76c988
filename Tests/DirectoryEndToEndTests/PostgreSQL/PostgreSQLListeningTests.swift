import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(
    "PostgreSQL: listening for others' changes survives the connection ending",
    .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLListeningTests {
    /// Presses Enter (each a new prompt, before which news is told) until `text` is on the
    /// screen `times` times.
    static func pressEnter(on terminal: PseudoTerminal, until text: String, times: Int = 1, prompt: String) -> Bool {
        let end = Date().addingTimeInterval(60)
        func seen() -> Int { terminal.flatScreenText.components(separatedBy: text).count - 1 }
        while seen() < times, Date() < end {
            terminal.press(.enter)
            guard terminal.waitFor(prompt) else { return false }
        }
        return seen() >= times
    }

    @Test("a terminated backend and a restarted server: the session says once it is back and hears changes again")
    func terminatedAndRestarted() throws {
        let cluster = try TestCluster()
        defer { cluster.destroy() }
        try cluster.psql(cluster.uri("postgres"), "CREATE DATABASE dept")
        let uri = cluster.uri("dept")
        let folder = TemporaryFolder()
        #expect(try ProgramRun.run([uri, "-c", "new First", "-c", "save"], folder: folder).status == 0)
        let terminal = try PseudoTerminal([uri], folder: folder)
        let name = "postgresql://postgres@/dept"
        let prompt = "\(name) > "
        #expect(terminal.waitFor(prompt))
        terminal.type("new Unsaved Here\r")
        let edited = "\(name) [2 Unsaved Here]* > "
        #expect(terminal.waitFor(edited))
        try cluster.psql(
            uri, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'directory'")
        let back = "The connection to \(name) is back; others' changes are heard again."
        #expect(Self.pressEnter(on: terminal, until: back, prompt: edited))
        #expect(try ProgramRun.run([uri, "-c", "new Second", "-c", "save"], folder: folder).status == 0)
        #expect(Self.pressEnter(on: terminal, until: "Others changed 1 person in \(name)", prompt: edited))
        try cluster.stop()
        try cluster.start()
        #expect(Self.pressEnter(on: terminal, until: back, times: 2, prompt: edited))
        #expect(try ProgramRun.run([uri, "-c", "new Third", "-c", "save"], folder: folder).status == 0)
        #expect(Self.pressEnter(on: terminal, until: "Others changed 2 people in \(name)", prompt: edited))
        terminal.type("save\r")
        #expect(terminal.waitFor("Saved 4 people to \(name)."))
        #expect(terminal.waitFor(" Unsaved Here] > "))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        let screen = terminal.screenText
        #expect(
            terminal.flatScreenText.components(separatedBy: back).count == 3, "said once after each of the two ends")
        for raw in ["FATAL", "WARNING", "NOTICE", "terminating connection due to administrator command"] {
            #expect(!screen.contains(raw), "libpq's \(raw) shown raw")
        }
        #expect(
            try cluster.psql(uri, "SELECT name FROM people ORDER BY name") == "First\nSecond\nThird\nUnsaved Here\n")
    }
}
