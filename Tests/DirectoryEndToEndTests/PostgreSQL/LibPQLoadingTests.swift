import Foundation
import Testing

/// libpq is loaded only when a database location is opened: every other run starts
/// without it and the libraries it pulls in. The dynamic loader's own log
/// (`LD_DEBUG=files`) shows which libraries a run loaded.
@Suite("End to end: libpq is loaded only for a database")
struct LibPQLoadingTests {
    @Test("a file session never loads libpq; a database location loads it and says why it cannot connect")
    func loadedOnlyForADatabase() throws {
        let folder = TemporaryFolder()
        let file = try ProgramRun.run(
            ["--file", "d.json"], input: "new Kim\nsave\n", folder: folder, environment: ["LD_DEBUG": "files"])
        #expect(file.status == 0)
        #expect(file.standardError.contains("libc.so.6"))  // the log is there
        #expect(!file.standardError.contains("libpq.so"))
        let database = try ProgramRun.run(
            ["--file", "postgresql://nobody@/none?host=\(folder.file("no-socket"))"], input: "list\n", folder: folder,
            environment: ["LD_DEBUG": "files"])
        #expect(database.status == 1)
        #expect(database.standardError.contains("libpq.so.5"))
        #expect(database.standardError.contains("cannot connect: no server is listening on the socket"))
    }
}
