import Foundation
import Testing

@Suite("PostgreSQL: many sessions on one directory", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLSessionTests {
    /// A fresh database holding the three sample people.
    static func samples() throws -> (TestCluster, String, TemporaryFolder) {
        let (cluster, uri) = try PostgreSQLRoundTripTests.database()
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            [
                uri, "-c", "new Acacia Ackles", "-c", "set office Steitz 131", "-c", "new Joe Gregg", "-c",
                "set office Briggs 413", "-c", "new Kurt Krebsbach", "-c", "set office Briggs 411", "-c", "save",
            ],
            folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        return (cluster, uri, folder)
    }

    @Test("20 sessions saving at once each add a person: all 20 arrive")
    func twentyAtOnce() throws {
        let (cluster, uri, folder) = try Self.samples()
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            let run = try? ProgramRun.run([uri, "-c", "new Person \(index + 1)", "-c", "save"], folder: folder)
            results.add(run.map { ($0.status, $0.standardError) } ?? (-1, "could not start"))
        }
        let statuses = results.all
        #expect(statuses.count == 20)
        for (status, errors) in statuses { #expect(status == 0, "\(errors)") }
        let names = try cluster.psql(uri, "SELECT name FROM people WHERE name LIKE 'Person %' ORDER BY name")
        #expect(Set(names.split(separator: "\n")) == Set((1...20).map { "Person \($0)" }))
        #expect(try cluster.psql(uri, "SELECT count(*) FROM people") == "23\n")
    }

    @Test("edits to different people merge, and the session is told what came from the other")
    func merge() throws {
        let (cluster, uri, folder) = try Self.samples()
        let sessionA = try LiveProgram([uri], folder: folder)
        sessionA.send("edit 1", "set office Steitz 200", "new From A", "changes")
        #expect(sessionA.waitForOutput(containing: "unsaved change"))
        let sessionB = try ProgramRun.run(
            [uri, "-c", "edit 2", "-c", "set office Briggs 500", "-c", "delete 3", "-c", "save"], folder: folder)
        #expect(sessionB.status == 0, "\(sessionB.standardError)")
        sessionA.send("save")
        let run = sessionA.finish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("Merged with changes another session saved"))
        #expect(run.standardError.contains("changed 'Joe Gregg'"))
        #expect(run.standardError.contains("deleted 'Kurt Krebsbach'"))
        #expect(
            try cluster.psql(uri, "SELECT name, office FROM people ORDER BY position")
                == "Acacia Ackles|Steitz 200\nJoe Gregg|Briggs 500\nFrom A|\n")
    }

    @Test("refresh takes in what another session saved to the database and keeps this session's edits")
    func refresh() throws {
        let (cluster, uri, folder) = try Self.samples()
        let sessionA = try LiveProgram([uri], folder: folder)
        sessionA.send("edit 1", "set office Steitz 200", "changes")
        #expect(sessionA.waitForOutput(containing: "unsaved change"))
        let sessionB = try ProgramRun.run(
            [uri, "-c", "edit 2", "-c", "set office Briggs 500", "-c", "new From B", "-c", "save"], folder: folder)
        #expect(sessionB.status == 0, "\(sessionB.standardError)")
        sessionA.send("refresh", "list")
        #expect(sessionA.waitForOutput(containing: "From B"))
        sessionA.send("changes", "save")
        let run = sessionA.finish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Merged with changes another session saved"))
        #expect(run.standardOutput.contains("Briggs 500"))
        #expect(run.standardOutput.contains("1 unsaved change"))
        #expect(!run.standardError.contains("Merged with"), "the save merged again: \(run.standardError)")
        #expect(
            try cluster.psql(uri, "SELECT name, office FROM people ORDER BY position")
                == "Acacia Ackles|Steitz 200\nJoe Gregg|Briggs 500\nKurt Krebsbach|Briggs 411\nFrom B|\n")
    }

    @Test("the same field changed in both: the save is refused whole with the files' message; edits kept")
    func conflict() throws {
        let (cluster, uri, folder) = try Self.samples()
        let sessionA = try LiveProgram([uri], folder: folder)
        sessionA.send("edit 2", "set office Briggs 600", "new Also A", "changes")
        #expect(sessionA.waitForOutput(containing: "unsaved change"))
        let sessionB = try ProgramRun.run(
            [uri, "-c", "edit 2", "-c", "set office Briggs 500", "-c", "save"], folder: folder)
        #expect(sessionB.status == 0)
        sessionA.send("save", "changes", "quit!")
        let run = sessionA.finish()
        #expect(run.status == 1)
        #expect(run.standardError.contains("was changed by another session and the changes conflict"))
        #expect(
            run.standardError.contains("'Joe Gregg': office is \"Briggs 600\" here but \"Briggs 500\" in the database"))
        #expect(run.standardError.contains("Nothing was written"))
        #expect(run.standardOutput.contains("2 unsaved changes"))
        #expect(try cluster.psql(uri, "SELECT count(*) FROM people WHERE name = 'Also A'") == "0\n")
        #expect(try cluster.psql(uri, "SELECT office FROM people WHERE name = 'Joe Gregg'") == "Briggs 500\n")
    }

    @Test("an edit of a person another session deleted is a conflict")
    func editOfDeleted() throws {
        let (_, uri, folder) = try Self.samples()
        let sessionA = try LiveProgram([uri], folder: folder)
        sessionA.send("edit 3", "set office Elsewhere", "changes")
        #expect(sessionA.waitForOutput(containing: "unsaved change"))
        #expect(try ProgramRun.run([uri, "-c", "delete 3", "-c", "save"], folder: folder).status == 0)
        sessionA.send("save", "quit!")
        let run = sessionA.finish()
        #expect(run.standardError.contains("'Kurt Krebsbach': you changed it, but the other session deleted it"))
    }

    /// Exit statuses and error output gathered from several threads.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var runs: [(Int32, String)] = []

        func add(_ run: (Int32, String)) {
            lock.lock()
            runs.append(run)
            lock.unlock()
        }

        var all: [(Int32, String)] {
            lock.lock()
            defer { lock.unlock() }
            return runs
        }
    }
}

/// Only its path, which never changes: safe to share with the threads of a test.
extension TemporaryFolder: @unchecked Sendable {}
