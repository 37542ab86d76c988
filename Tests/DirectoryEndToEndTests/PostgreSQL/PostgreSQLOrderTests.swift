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
}
