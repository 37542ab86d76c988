import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("PostgreSQL: connection strings as psql takes them", .enabled(if: TestCluster.isAvailable, "no PostgreSQL"))
struct PostgreSQLConnectionStringTests {
    @Test("a keyword/value connection string opens the database, never a file of that name")
    func keywordValue() throws {
        let cluster = try #require(TestCluster.shared)
        let database = TestCluster.databaseName(of: try cluster.createDatabase())
        let folder = TemporaryFolder()
        let location = "host=\(cluster.folder) dbname=\(database) user=postgres password=pa55-Kv"
        let run = try ProgramRun.run([location, "-c", "new Kay Value", "-c", "save"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try cluster.psql(cluster.uri(database), "SELECT name FROM people") == "Kay Value\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("=") }.isEmpty)
        let opened = try ProgramRun.run(
            ["--file", "other.json", "-c", "open \(location)", "-c", "list"], folder: folder)
        #expect(opened.status == 0, "\(opened.standardError)")
        #expect(opened.standardOutput.contains("Kay Value"))
        let config = try ProgramRun.run(["--file", location, "--print-config"], folder: folder)
        #expect(config.standardOutput.contains("host=\(cluster.folder) dbname=\(database) user=postgres"))
        for output in [run, opened, config].map({ $0.standardOutput + $0.standardError }) {
            #expect(!output.contains("pa55"))
        }
    }

    @Test("the connection is named directory unless the user names it")
    func applicationName() throws {
        let (cluster, uri, folder) = try PostgreSQLSessionTests.samples()
        let database = TestCluster.databaseName(of: uri)
        let sql =
            "SELECT application_name FROM pg_stat_activity WHERE datname = '\(database)' AND pid <> pg_backend_pid()"
        let plain = try LiveProgram([uri], folder: folder)
        plain.send("list")
        #expect(plain.waitForOutput(containing: "Joe Gregg"))
        #expect(try cluster.psql(uri, sql) == "directory\n")
        #expect(plain.finish().status == 0)
        let named = try LiveProgram([uri + "&application_name=deskwatch"], folder: folder)
        named.send("list")
        #expect(named.waitForOutput(containing: "Joe Gregg"))
        #expect(try cluster.psql(uri, sql) == "deskwatch\n")
        #expect(named.finish().status == 0)
    }

    @Test("secrets however spelled stay out of --print-config, messages, the history and the recovery journal")
    func secretsEverywhere() throws {
        let cluster = try #require(TestCluster.shared)
        let database = TestCluster.databaseName(of: try cluster.createDatabase())
        let folder = TemporaryFolder()
        let location = cluster.uri(database) + "&pass%77ord=pa55-One&sslpassword=pa55-Two"
        let config = try ProgramRun.run(["--file", location, "--print-config"], folder: folder)
        #expect(config.standardOutput.contains("postgresql://postgres@/\(database)?host=\(cluster.folder)"))
        let missing = try ProgramRun.run(
            [location.replacingOccurrences(of: "/\(database)?", with: "/nodb?"), "-c", "list"], folder: folder)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("the server has no database \"nodb\""))
        let terminal = try PseudoTerminal([location], folder: folder)
        let name = "postgresql://postgres@/\(database)"
        #expect(terminal.waitFor("\(name) > "))
        terminal.type("new Unsaved Person\r")
        #expect(terminal.waitFor("\(name) [1 Unsaved Person]* > "))
        terminal.type("open \(location)\r")
        #expect(terminal.waitFor("Save changes to \(name)?"))
        terminal.type("c\r")
        #expect(terminal.waitFor("\(name) [1 Unsaved Person]* > "))
        terminal.send(SIGHUP)
        _ = terminal.waitForExit()
        var files: [String] = []
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let name = walker?.nextObject() as? String { files.append(name) }
        #expect(files.contains { $0.contains("recovery") }, "\(files)")
        #expect(files.contains { $0.hasSuffix("history") }, "\(files)")
        for name in files {
            let bytes = FileManager.default.contents(atPath: folder.file(name)) ?? Data()
            #expect(!String(decoding: bytes, as: UTF8.self).contains("pa55"), "\(name)")
        }
        for output in [config, missing].map({ $0.standardOutput + $0.standardError }) {
            #expect(!output.contains("pa55"))
        }
        // What was typed is echoed; what the program wrote (prompts, questions) holds no secret.
        let written = terminal.screenText.split(separator: "\n").filter { !$0.contains("open postgresql") }
        #expect(!written.joined().contains("pa55"))
    }
}
