import Foundation
import Testing

/// A database session's recovery journal belongs to the server and database it reached, as
/// libpq resolved them from the location and the environment (`PGHOST`, `PGPORT`): another
/// server's database of the same name is not offered it, and the same database spelled
/// another way is.
@Suite(
    "PostgreSQL: the list a recovery journal belongs to", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"),
    .serialized)
struct PostgreSQLRecoveryIdentityTests {
    @Test("a journal made through PGHOST is not offered on another server's same-named database, but on its own")
    func journalFollowsTheServer() throws {
        let first = try #require(TestCluster.shared)
        let second = try TestCluster()
        second.stopWhenGone(getpid())
        defer { second.destroy() }
        let name = TestCluster.databaseName(of: try first.createDatabase())
        try second.psql(second.uri("postgres"), "CREATE DATABASE \(name)")
        let folder = TemporaryFolder()
        let location = "postgresql:///\(name)"
        let onFirst = ["PGHOST": first.folder, "PGUSER": "postgres"]
        let onSecond = ["PGHOST": second.folder, "PGUSER": "postgres"]
        let made = try ProgramRun.run(
            [location, "-c", "new Second Only", "-c", "save"], folder: folder, environment: onSecond)
        #expect(made.status == 0, "\(made.standardError)")

        let live = try LiveProgram([location], folder: folder, environment: onFirst)
        live.send("new Meant For First", "list")
        #expect(live.waitForOutput(containing: "Meant For First"))
        live.kill()

        let other = try ProgramRun.run(
            [location, "-c", "recover", "-c", "list"], folder: folder, environment: onSecond)
        #expect(!other.standardError.contains("recovery journal"), "\(other.standardError)")
        #expect(other.standardOutput.contains("Nothing to recover"))
        #expect(!other.standardOutput.contains("Meant For First"))

        let spelled = "postgresql://postgres@/\(name)?host=\(first.folder)"
        let own = try ProgramRun.run([spelled, "-c", "recover", "-c", "save", "-c", "list"], folder: folder)
        #expect(own.standardError.contains("1 unsaved change to"), "\(own.standardError)")
        #expect(own.status == 0, "\(own.standardError)")
        #expect(own.standardOutput.contains("Meant For First"))
        #expect(try first.psql(first.uri(name), "SELECT name FROM people") == "Meant For First\n")
        #expect(try second.psql(second.uri(name), "SELECT name FROM people") == "Second Only\n")
    }
}
