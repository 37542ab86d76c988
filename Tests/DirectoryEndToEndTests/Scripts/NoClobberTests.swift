import Foundation
import Testing

@Suite("End to end: no file replaced by accident, and a failed open ends a script")
struct NoClobberTests {
    /// A folder with the sample people saved in `d.plist` and a file `taken` with known bytes.
    static func folderWithTakenFile(_ taken: String) throws -> (TemporaryFolder, Data) {
        let folder = TemporaryFolder()
        #expect(try ProgramRun.run(["--file", "d.plist", "-c", "save"], folder: folder).status == 0)
        let bytes = Data("someone's notes\n".utf8)
        _ = FileManager.default.createFile(atPath: folder.file(taken), contents: bytes)
        return (folder, bytes)
    }

    @Test("save as an existing file is refused, exit 1, the file unchanged; save! as replaces it")
    func saveAsRefusedThenForced() throws {
        let (folder, notes) = try Self.folderWithTakenFile("notes.plist")
        let refused = try ProgramRun.run(
            ["--file", "d.plist", "-c", "new Kim", "-c", "save as notes.plist"], folder: folder)
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains(
                "notes.plist already exists and was left as it is; to replace it on purpose use "
                    + "'save! as notes.plist', or choose another path"))
        #expect(FileManager.default.contents(atPath: folder.file("notes.plist")) == notes)

        let forced = try ProgramRun.run(
            ["--file", "d.plist", "-c", "new Kim", "-c", "save! as notes.plist", "-c", "list"], folder: folder)
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(try ConcurrentSessionTests.people(in: folder.file("notes.plist")).last?.name == "Kim")
        #expect(try ConcurrentSessionTests.people(in: folder.file("d.plist")).count == 3)
        let own = try ProgramRun.run(["--file", "d.plist", "-c", "new Lee", "-c", "save as d.plist"], folder: folder)
        #expect(own.status == 0, "save as the list's own file needs no !: \(own.standardError)")
        for spelling in ["./d.plist", folder.file("d.plist")] {
            let spelled = try ProgramRun.run(
                ["--file", "d.plist", "-c", "new Lee", "-c", "save as \(spelling)"], folder: folder)
            #expect(spelled.status == 0, "\(spelling) is the list's own file: \(spelled.standardError)")
        }
        // A read-only list is replaced only by save!, by any spelling (found trying it).
        let before = FileManager.default.contents(atPath: folder.file("d.plist"))
        chmod(folder.file("d.plist"), 0o444)
        let readOnly = try ProgramRun.run(
            ["--file", "d.plist", "-c", "new Ro", "-c", "save as d.plist", "-c", "quit!"], folder: folder)
        #expect(readOnly.status == 1, "save as a read-only list's own file is refused: \(readOnly.standardError)")
        #expect(FileManager.default.contents(atPath: folder.file("d.plist")) == before)
    }

    @Test("export onto an existing file is refused, exit 1, the file unchanged; export! replaces it")
    func exportRefusedThenForced() throws {
        let (folder, notes) = try Self.folderWithTakenFile("people.csv")
        let refused = try ProgramRun.run(["--file", "d.plist", "-c", "export csv people.csv"], folder: folder)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("people.csv already exists"))
        #expect(refused.standardError.contains("'export! csv people.csv'"))
        #expect(FileManager.default.contents(atPath: folder.file("people.csv")) == notes)

        let forced = try ProgramRun.run(["--file", "d.plist", "-c", "export! csv people.csv"], folder: folder)
        #expect(forced.status == 0, "\(forced.standardError)")
        let csv = String(
            decoding: FileManager.default.contents(atPath: folder.file("people.csv")) ?? Data(), as: UTF8.self)
        #expect(csv.hasPrefix("id,name,office\r\n") && csv.contains("Acacia Ackles"))
    }

    @Test("export! onto the list's own file is refused however it is spelled (found trying it)")
    func exportOntoOwnFileRefused() throws {
        let (folder, _) = try Self.folderWithTakenFile("notes.txt")
        symlink("d.plist", folder.file("alias.csv"))
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: false)
        let before = FileManager.default.contents(atPath: folder.file("d.plist"))
        for spelling in ["d.plist", "./d.plist", folder.file("d.plist"), "sub/../d.plist", "alias.csv"] {
            for format in ["csv", "json"] {
                let run = try ProgramRun.run(
                    ["--file", "d.plist", "-c", "export! \(format) \(spelling)"], folder: folder)
                #expect(run.status == 1, "export! \(format) \(spelling): \(run.standardError)")
                #expect(run.standardError.contains("it is the list's own file; use save"), "\(run.standardError)")
                #expect(FileManager.default.contents(atPath: folder.file("d.plist")) == before)
            }
        }
    }

    /// The ways a script is given: standard input, `-c`, `-f`; each with and without `--bail`.
    static let scriptWays: [(name: String, bail: Bool)] = [
        ("stdin", false), ("stdin", true), ("-c", false), ("-c", true), ("-f", false), ("-f", true),
    ]

    @Test(
        "an open that fails ends the script with status 1 and says why; the previous file is unchanged",
        arguments: scriptWays)
    func failedOpenEndsTheScript(way: String, bail: Bool) throws {
        let (folder, notes) = try Self.folderWithTakenFile("notes.plist")
        let before = FileManager.default.contents(atPath: folder.file("d.plist"))
        let lines = ["list", "open notes.plist", "delete 1", "save", "list"]
        var arguments = ["--file", "d.plist"] + (bail ? ["--bail"] : [])
        var input = ""
        switch way {
        case "-c": arguments += lines.flatMap { ["-c", $0] }
        case "-f":
            _ = FileManager.default.createFile(
                atPath: folder.file("script.txt"), contents: Data(lines.joined(separator: "\n").utf8))
            arguments += ["-f", "script.txt"]
        default: input = lines.joined(separator: "\n") + "\n"
        }
        let run = try ProgramRun.run(arguments, input: input, folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("notes.plist is neither a property list nor JSON"))
        #expect(
            run.standardError.contains(
                "script stopped: the lines after an open that failed or named no list were written for another list, so they were not "
                    + "run on d.plist"))
        #expect(run.standardOutput.components(separatedBy: "Acacia Ackles").count == 2, "list ran after the open")
        #expect(FileManager.default.contents(atPath: folder.file("d.plist")) == before)
        #expect(FileManager.default.contents(atPath: folder.file("notes.plist")) == notes)
    }

    @Test("an open refused for unsaved changes ends the script too; nothing is saved")
    func refusedOpenEndsTheScript() throws {
        let (folder, _) = try Self.folderWithTakenFile("notes.txt")
        let before = FileManager.default.contents(atPath: folder.file("d.plist"))
        let run = try ProgramRun.run(["--file", "d.plist"], input: "new Kim\nopen other.plist\nsave\n", folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("line 2: 1 unsaved change to d.plist"))
        #expect(run.standardError.contains("script stopped"))
        #expect(run.standardError.contains("warning: 1 unsaved change to d.plist was not saved"))
        #expect(FileManager.default.contents(atPath: folder.file("d.plist")) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.file("other.plist")))
    }
}
