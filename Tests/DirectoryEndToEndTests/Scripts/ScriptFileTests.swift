import Foundation
import Testing

/// The scripts `-f` and `source` run: standard input for `-f -`, as psql's `-f -` reads it,
/// and never a file that is not text.
@Suite("Scripts: the files -f and source run")
struct ScriptFileTests {
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

    @Test("a file with a NUL byte in its first 4 KiB (a program, a binary plist) is refused whole by -f and source")
    func binaryFileIsRefused() throws {
        let (folder, path) = try ConcurrentSessionTests.savedSamples()
        var bytes = Data("new Ann\nsave\n".utf8)
        bytes.append(contentsOf: [0, 1, 2])
        bytes.append(Data("\nnew Bob\nsave\n".utf8))
        let binary = folder.file("program")
        #expect(FileManager.default.createFile(atPath: binary, contents: bytes))
        for arguments in [["-f", binary], ["-c", "source program"]] {
            let run = try ProgramRun.run(["--file", path] + arguments, folder: folder)
            #expect(run.status == 1, "\(arguments)")
            #expect(
                run.standardError.contains(
                    "cannot run the script \(arguments[0] == "-f" ? binary : "program"): it is not text"),
                "\(run.standardError)")
        }
        #expect(try ConcurrentSessionTests.people(in: path).count == 3, "no line of it ran")
    }
}
