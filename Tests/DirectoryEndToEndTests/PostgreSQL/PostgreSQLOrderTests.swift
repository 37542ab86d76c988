import DirectoryCore
import Foundation
import Testing

/// Order as data that merges, on a database: a psql change of `position` is heard and merged
/// like any other column, and after a merge the session shows the order the database holds.
@Suite("PostgreSQL: order merges", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLOrderTests {
    /// The names in the database, in list order.
    static func stored(_ cluster: TestCluster, _ uri: String) throws -> [String] {
        try cluster.psql(uri, "SELECT name FROM people ORDER BY position").split(separator: "\n").map(String.init)
    }

    /// The names of each CSV listing in `output` (lines end with CR LF), in order.
    static func listings(_ output: String) -> [[String]] {
        output.components(separatedBy: "id,name,office\r\n").dropFirst().map { listing in
            listing.split(whereSeparator: \.isNewline).compactMap { line in
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                return fields.count > 1 ? String(fields[1]) : nil
            }
        }
    }

    /// Waits until `session` printed `count` listings.
    static func waitForListings(_ session: LiveProgram, count: Int) -> Bool {
        let end = Date().addingTimeInterval(90)
        while Date() < end {
            if listings(session.standardOutput).count >= count { return true }
            usleep(10_000)
        }
        return false
    }

    @Test("psql moves a row and changes its office: refresh shows both, and the next save keeps that order")
    func psqlMoveAndEdit() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let session = try LiveProgram([uri, "--format", "csv"], folder: folder)
        session.send("list")
        #expect(Self.waitForListings(session, count: 1))
        try cluster.psql(uri, "UPDATE people SET position = -1, office = 'Moved 1' WHERE name = 'Kurt Krebsbach'")
        session.send("refresh", "list")
        #expect(Self.waitForListings(session, count: 2))
        session.send("new Last One", "save", "list")
        #expect(Self.waitForListings(session, count: 3))
        let run = session.finish()
        #expect(run.status == 0, "\(run.standardError)")
        let listings = Self.listings(run.standardOutput)
        let expected = ["Kurt Krebsbach", "Acacia Ackles", "Joe Gregg"]
        #expect(listings.count == 3 && listings[1] == expected, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("Moved 1"))
        #expect(listings.count == 3 && listings[2] == expected + ["Last One"], "\(run.standardOutput)")
        #expect(try Self.stored(cluster, uri) == expected + ["Last One"])
    }

    @Test("a move rewrites the row that moved, not every row between its places (found trying it)")
    func moveWritesOneRow() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let names = ["Ada", "Ben", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
        let made = try ProgramRun.run(
            [uri, "-c", "delete 1-3"] + names.flatMap { ["-c", "new \($0)"] } + ["-c", "save"], folder: folder)
        #expect(made.status == 0, "\(made.standardError)")
        let moved = try ProgramRun.run([uri, "-c", "move 9 to 1", "-c", "move 3 to 6", "-c", "save"], folder: folder)
        #expect(moved.status == 0, "\(moved.standardError)")
        let expected = ["Ivy", "Ada", "Cal", "Dan", "Eve", "Ben", "Fay", "Gus", "Hal", "Jon"]
        #expect(try Self.stored(cluster, uri) == expected)
        let written = try cluster.psql(
            uri, "SELECT count(*) FROM people WHERE revision = (SELECT max(revision) FROM people)")
        #expect(written.trimmingCharacters(in: .newlines) == "2", "rows the moves wrote: \(written)")
        // A sort that moves most rows numbers them again; the order is still the database's.
        let sorted = try ProgramRun.run([uri, "-c", "sort name desc", "-c", "save", "-c", "list"], folder: folder)
        #expect(sorted.status == 0, "\(sorted.standardError)")
        #expect(try Self.stored(cluster, uri) == Array(names.reversed()))
    }

    /// A session on the three sample people (listed once), with the database's URI.
    static func openSession() throws -> (TestCluster, String, TemporaryFolder, LiveProgram) {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let session = try LiveProgram([uri, "--format", "csv"], folder: folder)
        session.send("list")
        #expect(waitForListings(session, count: 1))
        return (cluster, uri, folder, session)
    }

    @Test("a record added and moved here stays where it was placed after another editor swapped two rows")
    func addedAndMovedAfterASwap() throws {
        let (cluster, uri, folder, session) = try Self.openSession()
        let swapped = try ProgramRun.run([uri, "-c", "move 3 to 2", "-c", "save"], folder: folder)
        #expect(swapped.status == 0, "\(swapped.standardError)")
        session.send("new A1", "move 4 to 2", "save", "list")
        #expect(Self.waitForListings(session, count: 2))
        let run = session.finish()
        #expect(run.status == 0, "\(run.standardError)")
        let expected = ["Acacia Ackles", "A1", "Kurt Krebsbach", "Joe Gregg"]
        #expect(Self.listings(run.standardOutput).last == expected, "\(run.standardOutput)")
        #expect(try Self.stored(cluster, uri) == expected)
    }

    @Test("one editor sorts and edits, another adds and saves: the session shows what the database holds")
    func sortedThereAddedHere() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        try cluster.psql(uri, "UPDATE people SET position = -position")  // Kurt, Joe, Acacia
        let session = try LiveProgram([uri, "--format", "csv"], folder: folder)
        session.send("list")
        #expect(Self.waitForListings(session, count: 1))
        let sorted = try ProgramRun.run(
            [uri, "-c", "sort name", "-c", "edit 1", "-c", "set office Sorted 1", "-c", "save"], folder: folder)
        #expect(sorted.status == 0, "\(sorted.standardError)")
        session.send("new Zed Added", "save", "list")
        #expect(Self.waitForListings(session, count: 2))
        let run = session.finish()
        #expect(run.status == 0, "\(run.standardError)")
        // Zed was added last here, after the last record both have: it stays last.
        let expected = ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach", "Zed Added"]
        #expect(Self.listings(run.standardOutput).last == expected, "\(run.standardOutput)")
        #expect(try Self.stored(cluster, uri) == expected)
        #expect(run.standardOutput.contains("Sorted 1"))
    }

    @Test("psql reverses the order, a session moves a record to where the reversal put it too: no conflict, one order")
    func reversedThereMovedHere() throws {
        let (cluster, uri, folder, session) = try Self.openSession()
        try cluster.psql(uri, "UPDATE people SET position = -position")  // Kurt, Joe, Acacia
        session.send("move 2 to 1", "save", "list")
        #expect(Self.waitForListings(session, count: 2), "\(session.standardError)")
        let run = session.finish()
        #expect(run.status == 0, "\(run.standardError)")
        let reversed = ["Kurt Krebsbach", "Joe Gregg", "Acacia Ackles"]
        #expect(Self.listings(run.standardOutput).last == reversed, "\(run.standardOutput)")
        #expect(try Self.stored(cluster, uri) == reversed)
        #expect(run.standardError.contains("moved 'Kurt Krebsbach'"), "\(run.standardError)")
        withExtendedLifetime(folder) {}
    }

    @Test("psql moves a record after one place, a session moves it after another: the save is a conflict naming both")
    func movedBothWays() throws {
        let (cluster, uri, folder, session) = try Self.openSession()
        try cluster.psql(uri, "UPDATE people SET position = -1 WHERE name = 'Kurt Krebsbach'")  // Kurt, Acacia, Joe
        session.send("move 3 to 2", "save", "list")  // Acacia, Kurt, Joe
        #expect(Self.waitForListings(session, count: 2), "\(session.standardError)")
        let run = session.finish()
        withExtendedLifetime(folder) {}
        #expect(run.status == 1)
        #expect(
            run.standardError.contains("'Kurt Krebsbach': moved after 'Acacia Ackles' here but first in "),
            "\(run.standardError)")
        #expect(try Self.stored(cluster, uri) == ["Kurt Krebsbach", "Acacia Ackles", "Joe Gregg"])
    }

    /// Waits until `text` occurs `count` times in what `session` printed.
    static func waitFor(_ text: String, count: Int, in session: LiveProgram) -> Bool {
        let end = Date().addingTimeInterval(90)
        while Date() < end {
            if session.standardOutput.components(separatedBy: text).count > count { return true }
            usleep(10_000)
        }
        return false
    }

    @Test("three editors in rounds, one moving records: no value lost, every session ends on the database's order")
    func threeEditorsOneMoving() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let more = try ProgramRun.run(
            [uri] + (1...6).flatMap { ["-c", "new Extra \($0)"] } + ["-c", "save"], folder: folder)
        #expect(more.status == 0, "\(more.standardError)")
        let ids = try cluster.psql(uri, "SELECT left(id::text, 8) FROM people ORDER BY position")
            .split(separator: "\n").map(String.init)
        let sessions = try (0..<3).map { _ in try LiveProgram([uri, "--format", "csv"], folder: folder) }
        var saves = 0
        var generator = SystemRandomNumberGenerator()
        for round in 1...15 {
            for (number, session) in sessions.enumerated() {
                if number == 2 {
                    let from = Int.random(in: 1...ids.count, using: &generator)
                    let to = Int.random(in: 1...ids.count, using: &generator)
                    session.send("move \(from) to \(to)", "save", "changes")
                } else {
                    let id = ids[number]  // each editor edits a record of its own
                    session.send("edit #\(id)", "set office E\(number)-\(round)", "save", "changes")
                }
                saves += 1
                let done = Self.waitFor("No unsaved changes", count: round, in: session)
                #expect(done, "round \(round), editor \(number): \(session.standardError)")
                if !done { break }
            }
        }
        for session in sessions { session.send("refresh", "list") }
        let stored = try Self.stored(cluster, uri)
        for session in sessions {
            #expect(Self.waitForListings(session, count: 1))
            let run = session.finish()
            #expect(!run.standardError.contains("not saved"), "\(run.standardError)")
            #expect(Self.listings(run.standardOutput).last == stored, "\(run.standardOutput)")
        }
        for number in 0..<2 {
            #expect(
                try cluster.psql(uri, "SELECT office FROM people WHERE id::text LIKE '\(ids[number])%'")
                    == "E\(number)-15\n")
        }
        #expect(saves == 45)
        withExtendedLifetime(folder) {}
    }
}

/// `save!` after two sorts that conflict keeps this session's order whole on a database too,
/// as it does on a file (`SessionOrderTests.forcedSaveAfterTwoSortsKeepsOurOrder`), and a plain
/// `save` refuses it in the same words on both but the place's.
@Suite("PostgreSQL: save! after two sorts", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLForcedSortTests {
    /// Five people at `location`; a live session lists them, another session sorts by name,
    /// adds Zed and saves; the live one sorts by office (descending), `save`s and `save!`s.
    /// Its run, once it listed the list after the `save!`.
    static func twoSorts(at location: String, folder: TemporaryFolder) throws -> ProgramRun {
        let people = [("Eve", "O1"), ("Dan", "O5"), ("Cat", "O2"), ("Bob", "O4"), ("Amy", "O3")]
        let made = try ProgramRun.run(
            [location] + (StoreLocation.isDatabase(location) ? [] : ["-c", "delete 1-3"])  // the samples
                + people.flatMap { ["-c", "new \($0.0)", "-c", "set office \($0.1)"] } + ["-c", "save"],
            folder: folder)
        #expect(made.status == 0, "\(made.standardError)")
        let session = try LiveProgram([location, "--format", "csv"], folder: folder)
        session.send("list")
        #expect(PostgreSQLOrderTests.waitForListings(session, count: 1))
        let sorted = try ProgramRun.run(
            [location, "-c", "sort name", "-c", "new Zed", "-c", "save"], folder: folder)
        #expect(sorted.status == 0, "\(sorted.standardError)")
        session.send("sort office desc", "save", "save!", "list")
        #expect(PostgreSQLOrderTests.waitForListings(session, count: 2), "\(session.standardError)")
        return session.finish()
    }

    /// The `save`'s refusal in `errors`, from "not saved" to the line before the `save!`'s report.
    static func refusal(_ errors: String) -> String {
        guard let start = errors.range(of: "not saved:") else { return "" }
        let rest = errors[start.lowerBound...]
        let end = rest.range(of: "Saved ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test("two sessions sort differently, the second save!s: the database's order is the second's, whole")
    func forcedSaveAfterTwoSortsKeepsOurOrder() throws {
        let (cluster, uri) = try PostgreSQLRoundTripTests.database()
        let folder = TemporaryFolder()
        let run = try Self.twoSorts(at: uri, folder: folder)
        let ours = ["Dan", "Bob", "Amy", "Cat", "Eve", "Zed"]
        #expect(PostgreSQLOrderTests.listings(run.standardOutput).last == ours, "\(run.standardOutput)")
        #expect(try PostgreSQLOrderTests.stored(cluster, uri) == ours)
        #expect(run.standardError.contains("were not taken, as save! keeps your order"), "\(run.standardError)")

        let file = folder.file("people.json")
        let onFile = try Self.twoSorts(at: file, folder: folder)
        #expect(PostgreSQLOrderTests.listings(onFile.standardOutput).last == ours, "\(onFile.standardOutput)")
        let fileRefusal = Self.refusal(onFile.standardError).replacingOccurrences(of: file, with: "LIST")
        #expect(fileRefusal.contains("in the file"), "\(onFile.standardError)")
        let databaseRefusal = Self.refusal(run.standardError)
            .replacingOccurrences(of: StoreLocation.redacted(uri), with: "LIST")
            .replacingOccurrences(of: "the database", with: "the file")
        #expect(databaseRefusal == fileRefusal, "\(run.standardError)")
    }
}
