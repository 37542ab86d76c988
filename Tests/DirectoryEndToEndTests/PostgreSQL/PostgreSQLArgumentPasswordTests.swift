import Foundation
import Testing

/// A password given on the command line is gone from the process's arguments (what `ps`
/// and every user of the machine see) once the program has read it, and the program warns.
@Suite("PostgreSQL: no password in the process's arguments", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLArgumentPasswordTests {
    /// The ways a location carries a password: user information, `?password=`, keyword/value
    /// `password=` and `sslpassword=` (trust authentication ignores them all).
    static func locations(_ cluster: TestCluster, database: String) -> [String] {
        [
            cluster.uri(database, password: "Secret-Pa55"),
            cluster.uri(database) + "&password=Secret-Pa55",
            "host=\(cluster.folder) dbname=\(database) user=postgres password=Secret-Pa55",
            cluster.uri(database) + "&sslpassword=Secret-Pa55",
        ]
    }

    /// The process's arguments as the kernel shows them to everyone.
    static func commandLine(of pid: Int32) -> String {
        let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
    }

    @Test("/proc/PID/cmdline holds no password once the program runs, however the location gave it", arguments: 0..<4)
    func noPasswordInCmdline(way: Int) throws {
        let cluster = try #require(TestCluster.shared)
        let database = TestCluster.databaseName(of: try cluster.createDatabase())
        let location = Self.locations(cluster, database: database)[way]
        let folder = TemporaryFolder()
        let program = try LiveProgram([location], folder: folder)
        program.send("new Ann Argument", "save", "list")
        #expect(program.waitForOutput(containing: "Ann Argument"), "\(program.standardError)")
        let shown = Self.commandLine(of: program.processIdentifier)
        #expect(shown.contains(cluster.folder), "\(shown)")
        #expect(!shown.contains("Secret-Pa55"), "\(shown)")
        let run = program.finish()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("directory: warning: a password on the command line can be read"))
        #expect(run.standardError.contains("~/.pgpass"))
        #expect(!run.standardError.contains("Secret-Pa55"))
        #expect(try cluster.psql(cluster.uri(database), "SELECT name FROM people") == "Ann Argument\n")
    }

    @Test("--file=LOCATION loses its password too; a location without one gets no warning")
    func flagsAndCommands() throws {
        let cluster = try #require(TestCluster.shared)
        let database = TestCluster.databaseName(of: try cluster.createDatabase())
        let folder = TemporaryFolder()
        let program = try LiveProgram(
            ["--file=" + cluster.uri(database, password: "Secret-Pa55")], folder: folder)
        program.send("new Ann Flag", "save", "list")
        #expect(program.waitForOutput(containing: "Ann Flag"), "\(program.standardError)")
        #expect(!Self.commandLine(of: program.processIdentifier).contains("Secret-Pa55"))
        #expect(program.finish().status == 0)
        let plain = try ProgramRun.run([cluster.uri(database), "-c", "list"], folder: folder)
        #expect(plain.status == 0)
        #expect(!plain.standardError.contains("warning"), "\(plain.standardError)")
    }
}
