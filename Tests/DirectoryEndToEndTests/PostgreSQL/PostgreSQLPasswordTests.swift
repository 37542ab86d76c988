import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(
    "PostgreSQL: passwords, as psql asks for them and as the server refuses them",
    .enabled(if: TestCluster.isAvailable, "no PostgreSQL"), .serialized)
struct PostgreSQLPasswordTests {
    /// A cluster of its own where `alice` must give the password `right-Pa55`, and a database `dept`.
    static let cluster: TestCluster? = {
        guard let cluster = try? TestCluster() else { return nil }
        cluster.stopWhenGone(getpid())
        _ = try? cluster.psql(cluster.uri("postgres"), "CREATE DATABASE dept")
        try? cluster.requirePassword(of: "alice", password: "right-Pa55")
        return cluster
    }()

    @Test("a wrong password is an authentication failure that says what to check, not an unreachable server")
    func wrongPassword() throws {
        let cluster = try #require(Self.cluster)
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            [cluster.uri("dept", user: "alice", password: "wrong-Pa55"), "-c", "list"], folder: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "postgresql://alice@/dept?host=\(cluster.folder): cannot connect: authentication failed: "))
        #expect(run.standardError.contains("the server refused the password of user alice"))
        #expect(
            run.standardError.contains(
                "Check the password (the one typed, or the one in ~/.pgpass, PGPASSWORD or the location)"))
        #expect(!run.standardError.contains("FATAL"))
        #expect(!run.standardError.contains("cannot be reached"))
        #expect(!run.standardError.contains("wrong-Pa55"))
    }

    @Test("a script is never asked for a password: it is told where to put one, and exits 1")
    func noPasswordInAScript() throws {
        let cluster = try #require(Self.cluster)
        let folder = TemporaryFolder()
        let run = try ProgramRun.run([cluster.uri("dept", user: "alice"), "-c", "list"], folder: folder)
        #expect(run.status == 1)
        #expect(!run.standardOutput.contains("Password for user"))
        #expect(run.standardError.contains("the server asks for the password of user alice and none was given"))
        #expect(run.standardError.contains("~/.pgpass (a line host:port:database:user:password, mode 0600)"))
    }

    @Test("a ~/.pgpass that others may read is named, with the chmod that fixes it, and libpq's warning is not shown")
    func loosePasswordFile() throws {
        let cluster = try #require(Self.cluster)
        let folder = TemporaryFolder()
        let line = "*:*:dept:alice:right-Pa55\n"
        try line.write(toFile: folder.file(".pgpass"), atomically: false, encoding: .utf8)
        unsafe chmod(folder.file(".pgpass"), 0o644)
        let loose = try ProgramRun.run([cluster.uri("dept", user: "alice"), "-c", "list"], folder: folder)
        #expect(loose.status == 1)
        #expect(loose.standardError.contains("was not read because others may read it: make it private with 'chmod"))
        #expect(!loose.standardError.contains("WARNING"))
        unsafe chmod(folder.file(".pgpass"), 0o600)
        let privateFile = try ProgramRun.run([cluster.uri("dept", user: "alice"), "-c", "list"], folder: folder)
        #expect(privateFile.status == 0, "\(privateFile.standardError)")
    }

    @Test("at a terminal the program asks for the password without echoing it, and connects with it")
    func promptAtATerminal() throws {
        let cluster = try #require(Self.cluster)
        let folder = TemporaryFolder()
        let terminal = try PseudoTerminal([cluster.uri("dept", user: "alice")], folder: folder)
        #expect(terminal.waitFor("Password for user alice: "))
        terminal.type("right-Pa55\r")
        #expect(terminal.waitFor("postgresql://alice@/dept > "))
        #expect(!terminal.screenText.contains("right-Pa55"))
        terminal.type("new Asked Once\r")
        terminal.type("save\r")
        #expect(terminal.waitFor("postgresql://alice@/dept [1 Asked Once] > "))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        #expect(try cluster.psql(cluster.uri("dept"), "SELECT name FROM people") == "Asked Once\n")
    }
}
