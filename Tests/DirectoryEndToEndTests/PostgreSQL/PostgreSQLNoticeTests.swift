import Foundation
import Testing

@Suite("PostgreSQL: the notice of others' changes", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLNoticeTests {
    /// A directory of six people in a database of its own; its URI and a folder to run in.
    static func sixPeople() throws -> (TestCluster, String, TemporaryFolder) {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let more = ["Ann Able", "Bo Baker", "Cy Cole"].flatMap { ["-c", "new \($0)"] }
        let run = try ProgramRun.run([uri] + more + ["-c", "save"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        return (cluster, uri, folder)
    }

    /// The name the prompt and the messages give the database at `uri`.
    static func name(_ uri: String) -> String { String(uri.split(separator: "?").first ?? "") }

    /// Every "Others changed …" notice on the screen, from "Others" to the end of its sentence.
    /// The prompt breaks a notice wider than the window between words: its rows are joined with spaces.
    static func notices(_ terminal: PseudoTerminal) -> [String] {
        terminal.flatScreenText.components(separatedBy: "Others changed").dropFirst().map { rest in
            let sentence = rest.range(of: #"(yours|changes)\."#, options: .regularExpression).map {
                rest[..<$0.upperBound]
            }
            return "Others changed" + (sentence ?? rest[...])
        }
    }

    @Test("one person saved 300 times in a 6-person directory is 1 person; a deletion and another edit make 3")
    func countsPeopleNotWrites() throws {
        let (cluster, uri, folder) = try Self.sixPeople()
        let name = Self.name(uri)
        let terminal = try PseudoTerminal([uri], folder: folder)
        #expect(terminal.waitFor("\(name) > "))
        for round in 1...3 {
            let run = try ProgramRun.run(
                [uri, "-c", "edit 2", "-c", "set office Saved \(round)", "-c", "save"], folder: folder)
            #expect(run.status == 0, "\(run.standardError)")
        }
        // The other 297 from psql, each in a transaction of its own: every write counts, whoever makes it.
        let psql = try PsqlSession(cluster, uri: uri, folder: folder)
        let updates = (1...297).map { "UPDATE people SET office = 'Room \($0)' WHERE name = 'Joe Gregg';" }
        #expect(psql.run(updates.joined(separator: "\n")))
        let one = "Others changed 1 person in \(name) since it was read; 'save' merges their changes with yours."
        #expect(PostgreSQLListeningTests.pressEnter(on: terminal, until: one, prompt: "\(name) > "))
        #expect(
            psql.run(
                "DELETE FROM people WHERE name = 'Kurt Krebsbach';\nUPDATE people SET office = 'X' WHERE name = 'Ann Able';"
            ))
        #expect(
            PostgreSQLListeningTests.pressEnter(
                on: terminal, until: "Others changed 3 people in \(name)", prompt: "\(name) > "))
        terminal.type("save\r")
        #expect(terminal.waitFor("\(name) > "))
        for _ in 1...2 {
            terminal.press(.enter)
            #expect(terminal.waitFor("\(name) > "))
        }
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        #expect(
            Self.notices(terminal) == [
                one, "Others changed 3 people in \(name) since it was read; 'save' merges their changes with yours.",
            ])
    }

    @Test("a reader is told that refresh shows others' changes, never that save merges them")
    func readerToldToRefresh() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let database = TestCluster.databaseName(of: uri)
        try cluster.psql(
            uri,
            "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'reader') THEN CREATE ROLE reader LOGIN; "
                + "END IF; END $$; GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader")
        let reader = cluster.uri(database, user: "reader")
        let name = Self.name(reader)
        let terminal = try PseudoTerminal([reader], folder: folder)
        #expect(terminal.waitFor("\(name) > "))
        let run = try ProgramRun.run([uri, "-c", "edit 2", "-c", "set office Owner 1", "-c", "save"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let notice = "Others changed 1 person in \(name) since it was read; 'refresh' shows their changes."
        #expect(PostgreSQLListeningTests.pressEnter(on: terminal, until: notice, prompt: "\(name) > "))
        #expect(!terminal.screenText.contains("'save' merges"))
        // A conflicting refresh does not offer the reader save! either.
        terminal.type("edit 2\r")
        terminal.type("set office Reader 1\r")
        terminal.type("refresh\r")
        #expect(terminal.waitFor("may only read this directory"))
        terminal.type("quit!\r")
        #expect(terminal.waitForExit() == 0)
        let screen = terminal.screenText
        let refused = try #require(screen.range(of: "not refreshed:"))
        #expect(!screen[refused.lowerBound...].contains("save!"), "\(screen[refused.lowerBound...])")
    }

    @Test("news heard while a line was typed comes before the command's output, not after a stale listing")
    func noticeBeforeListing() throws {
        let (_, uri, folder) = try PostgreSQLSessionTests.samples()
        let name = Self.name(uri)
        let terminal = try PseudoTerminal([uri], folder: folder)
        #expect(terminal.waitFor("\(name) > "))
        // Each round another newcomer, so each has news; the notification may, rarely, reach
        // the session only while it lists, when the notice after the listing is right: try again.
        var before = false
        for round in 1...5 where !before {
            let run = try ProgramRun.run([uri, "-c", "new Newcomer \(round)", "-c", "save"], folder: folder)
            #expect(run.status == 0, "\(run.standardError)")
            terminal.type("list\r")
            #expect(terminal.waitFor("Acacia Ackles"))
            #expect(terminal.waitFor("\(name) > "))
            // What the line printed: from the prompt it was typed at to the next one.
            let screen = terminal.screenText
            let listing = try #require(screen.range(of: "Acacia Ackles", options: .backwards))
            let typed = try #require(
                screen.range(of: "\(name) > ", options: .backwards, range: screen.startIndex..<listing.lowerBound))
            let output = screen[typed.upperBound...]
            guard let notice = output.range(of: "Others changed \(round) ") else { continue }
            before = notice.lowerBound < listing.lowerBound
        }
        #expect(before, "the notice came after the listing: \(terminal.screenText)")
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    @Test("a table locked in psql does not hold up the line for the notice, even with no lock_timeout of the user's")
    func lockedTableDoesNotHoldUpTheLine() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let name = Self.name(uri)
        let unbounded = uri + "&options=-c%20lock_timeout%3D0"
        let terminal = try PseudoTerminal([unbounded], folder: folder)
        #expect(terminal.waitFor("\(name) > "))
        let run = try ProgramRun.run([uri, "-c", "new Newcomer", "-c", "save"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let holder = try PsqlSession(cluster, uri: uri, folder: folder)
        #expect(holder.run("BEGIN; LOCK TABLE people;"))
        // The count waits a moment for the lock and gives up: the listing comes, the notice later.
        terminal.type("list\r")
        #expect(terminal.waitFor("Kurt Krebsbach"))
        #expect(terminal.waitFor("\(name) > "))
        #expect(holder.run("ROLLBACK;"))
        let notice = "Others changed 1 person in \(name) since it was read"
        #expect(PostgreSQLListeningTests.pressEnter(on: terminal, until: notice, prompt: "\(name) > "))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.screenText.contains("waited"), "the lock wait is not the user's business here")
    }

    @Test("a change saved while the listening connection was down is told once it is back")
    func changeWhileAwayTold() throws {
        let cluster = try TestCluster()
        defer { cluster.destroy() }
        try cluster.psql(cluster.uri("postgres"), "CREATE DATABASE dept")
        let uri = cluster.uri("dept")
        let folder = TemporaryFolder()
        #expect(try ProgramRun.run([uri, "-c", "new First", "-c", "save"], folder: folder).status == 0)
        let terminal = try PseudoTerminal([uri], folder: folder)
        let name = "postgresql://postgres@/dept"
        #expect(terminal.waitFor("\(name) > "))
        try cluster.stop()
        try cluster.start()
        // Saved before the session's listener noticed the restart: it heard no notification of it.
        #expect(try ProgramRun.run([uri, "-c", "new While Away", "-c", "save"], folder: folder).status == 0)
        let notice = "Others changed 1 person in \(name) since it was read; 'save' merges their changes with yours."
        #expect(PostgreSQLListeningTests.pressEnter(on: terminal, until: notice, prompt: "\(name) > "))
        let back = "The connection to \(name) is back; others' changes are heard again."
        #expect(terminal.flatScreenText.components(separatedBy: back).count == 2, "said once")
        #expect(terminal.flatScreenText.components(separatedBy: "Others changed").count == 2, "said once")
        terminal.press(.enter)
        #expect(terminal.waitFor("\(name) > "))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        #expect(Self.notices(terminal) == [notice])
    }
}
