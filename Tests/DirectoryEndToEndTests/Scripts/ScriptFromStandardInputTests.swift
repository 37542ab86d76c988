import Foundation
import Testing

/// `-f -`: the script read from standard input, as psql's `-f -` reads it.
@Suite("Scripts: -f - reads standard input")
struct ScriptFromStandardInputTests {
    @Test("-f - runs standard input as a script, its errors named <stdin>:LINE; -f ./- is a file named -")
    func dashIsStandardInput() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        let run = try ProgramRun.run(
            ["--file", path, "-f", "-"], input: "new Ann\nfrobnicate\nsave\n", folder: folder)
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.contains("<stdin>:2: unknown command 'frobnicate'"), "\(run.standardError)")
        #expect(try ConcurrentSessionTests.people(in: path).map(\.name).last == "Ann")
        let dash = folder.file("-")
        #expect(FileManager.default.createFile(atPath: dash, contents: Data("new Bob\nsave\n".utf8)))
        let file = try ProgramRun.run(["--file", path, "-f", "./-"], input: "new Cid\nsave\n", folder: folder)
        #expect(file.status == 0, "\(file.standardError)")
        #expect(try ConcurrentSessionTests.people(in: path).map(\.name).suffix(2) == ["Ann", "Bob"])
    }
}
