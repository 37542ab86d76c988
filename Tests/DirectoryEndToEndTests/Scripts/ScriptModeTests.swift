import Foundation
import Testing

@Suite("End to end: scripts through standard input")
struct ScriptModeTests {
    @Test("a piped new / set / save session writes the app's binary plist, warned that it holds the samples")
    func pipedSessionWritesBinaryPlist() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            ["--file", "d.plist"], input: "new\nset name Joe Gregg II\nset office Briggs 413\nsave\n", folder: folder)
        #expect(run.status == 0)
        #expect(run.standardOutput == "")
        #expect(run.standardError == ProgramRun.samplesWarning("d.plist"))
        let data = try #require(FileManager.default.contents(atPath: folder.file("d.plist")))
        #expect(data.starts(with: Array("bplist00".utf8)))
        struct Person: Codable, Equatable {
            var id: UUID
            var name: String
            var office: String
        }
        let people = try PropertyListDecoder().decode([Person].self, from: data)
        #expect(people.map(\.name) == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach", "Joe Gregg II"])
        #expect(people.last?.office == "Briggs 413")
    }

    @Test("the default file lives in $XDG_DATA_HOME/directory")
    func defaultFileFollowsXDG() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run([], input: "save\n", folder: folder)
        #expect(run.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.file("data/directory/directory.plist")))
    }

    @Test("errors go to standard error with their line number, and the script goes on; exit status 1")
    func errorsNameTheLineAndContinue() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(["--file", "d.plist"], input: "sett name X\nlist\nquit!\n", folder: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError
                == ProgramRun.samplesWarning("d.plist")
                + "directory: line 1: unknown command 'sett'; did you mean 'set'?\n")
        #expect(run.standardOutput.contains("Joe Gregg"))
    }

    @Test("new and set lines, read straight from their bytes, fail and undo as any other line")
    func newAndSetLinesBehaveAsAnyLine() throws {
        let folder = TemporaryFolder()
        let input = "set office X\nnew Kim\nset offce Y\nset office \"Q\"\nundo\nlist\nsave\n"
        let run = try ProgramRun.run(["--file", "d.json"], input: input, folder: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError
                == ProgramRun.samplesWarning("d.json")
                + "directory: line 1: no current person; use 'new' to add one or 'edit N' to pick one "
                + "from list\ndirectory: line 3: unknown field 'offce'; did you mean 'office'? the fields are: name, "
                + "office\n")
        #expect(run.standardOutput.hasSuffix("  4  Kim\n"))
        let bailed = try ProgramRun.run(
            ["--bail", "--file", "e.json"], input: "new Kim\nset offce Y\nlist\n", folder: folder)
        #expect(bailed.status == 1)
        #expect(bailed.standardOutput == "")
        #expect(
            bailed.standardError.hasPrefix(
                ProgramRun.samplesWarning("e.json") + "directory: line 2: unknown field 'offce'"))
    }

    @Test("--bail stops at the first error")
    func bailStops() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(["--bail", "--file", "d.plist"], input: "edit 9\nlist\n", folder: folder)
        #expect(run.status == 1)
        #expect(run.standardOutput == "")
        #expect(
            run.standardError.hasPrefix(
                ProgramRun.samplesWarning("d.plist") + "directory: line 1: there is no record 9"))
    }

    @Test("end of input with unsaved changes warns and exits 1; quit! ends quietly")
    func unsavedChangesAtEnd() throws {
        let folder = TemporaryFolder()
        let warned = try ProgramRun.run(["--file", "d.plist"], input: "new X\n", folder: folder)
        #expect(warned.status == 1)
        #expect(warned.standardError.contains("1 unsaved change to d.plist was not saved"))
        let quiet = try ProgramRun.run(["--file", "d.plist"], input: "new X\nquit!\n", folder: folder)
        #expect(quiet.status == 0)
        #expect(quiet.standardError == ProgramRun.samplesWarning("d.plist"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("d.plist")))
    }

    @Test("open of a file that does not exist warns a script that it now edits the sample people")
    func openOfAMissingFileWarns() throws {
        let folder = TemporaryFolder()
        #expect(try ProgramRun.run(["--file", "d.plist", "-c", "save"], folder: folder).status == 0)
        let run = try ProgramRun.run(
            ["--file", "d.plist", "-c", "open nonexist/x.json", "-c", "list"], folder: folder)
        #expect(
            run.standardError.contains(
                "warning: nonexist/x.json does not exist: the session starts with 3 sample people "
                    + ProgramRun.samplesAdvice), "\(run.standardError)")
    }

    @Test("a missing file named like a command (directory list) says how to run the command with -c")
    func missingFileNamedLikeACommandPointsAtC() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(["list"], input: "quit!\n", folder: folder)
        #expect(
            run.standardError.contains(
                "list does not exist: the session starts with 3 sample people \(ProgramRun.samplesAdvice). "
                    + "To run the command list instead, give it with -c: directory -c 'list'"), "\(run.standardError)")
        let other = try ProgramRun.run(["--file", "d.plist", "-c", "quit!"], folder: folder)
        #expect(!other.standardError.contains("To run the command"))
    }

    @Test("a command after the file (directory find briggs) is refused with the -c line that runs it")
    func commandWordsAsArgumentsPointAtC() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(["find", "briggs"], folder: folder)
        #expect(run.status == 2)
        #expect(
            run.standardError.contains(
                "only one file can be opened; unexpected 'briggs'. To run a command, give it with -c: "
                    + "directory -c 'find briggs'"), "\(run.standardError)")
        let files = try ProgramRun.run(["a.json", "b.json"], folder: folder)
        #expect(files.standardError.contains("only one file can be opened; unexpected 'b.json'"))
        #expect(!files.standardError.contains("-c"))
    }

    @Test("a sourced file that had an error and then quits ends the script with status 1")
    func sourcedErrorThenQuitFails() throws {
        let folder = TemporaryFolder()
        try "lst\nquit!\n".write(toFile: folder.file("s.txt"), atomically: true, encoding: .utf8)
        let run = try ProgramRun.run(["--file", "d.plist", "-c", "source s.txt", "-c", "list"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("s.txt:1: unknown command 'lst'"))
        #expect(run.standardOutput == "", "the line after the quit did not run")
    }

    @Test("-c runs its commands without reading standard input")
    func dashCRunsCommands() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            ["--file", "d.plist", "-c", "find gregg", "-c", "quit"], input: "new NOT READ\n", folder: folder)
        #expect(run.status == 0)
        #expect(run.standardOutput == "  2  Joe Gregg  Briggs 413\n")
    }

    @Test("-f runs a script file and names it in errors")
    func dashFRunsScript() throws {
        let folder = TemporaryFolder()
        try "# setup\nnew Ada\nset offce Lab 1\nsave\n".write(
            toFile: folder.file("setup.txt"), atomically: true, encoding: .utf8)
        let run = try ProgramRun.run(["--file", "d.plist", "-f", "setup.txt"], folder: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError
                == ProgramRun.samplesWarning("d.plist")
                + "setup.txt:3: unknown field 'offce'; did you mean 'office'? the fields are: name, office\n")
        #expect(FileManager.default.fileExists(atPath: folder.file("d.plist")))
    }

    @Test("--format json and csv print records for programs")
    func formatsForPrograms() throws {
        let folder = TemporaryFolder()
        let json = try ProgramRun.run(["--file", "d.plist", "--format", "json", "-c", "find krebs"], folder: folder)
        let objects = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: String]]
        #expect(objects?.first?["name"] == "Kurt Krebsbach")
        #expect(objects?.first?["office"] == "Briggs 411")
        #expect(objects?.first?["id"].flatMap(UUID.init(uuidString:)) != nil)
        let csv = try ProgramRun.run(["--file", "d.plist", "--format=csv", "-c", "list"], folder: folder)
        let lines = csv.standardOutput.components(separatedBy: "\r\n")
        #expect(lines.first == "id,name,office")
        #expect(lines.count == 5)
    }

    @Test("--help and --version print and exit 0; a bad option exits 2 with a suggestion")
    func commandLineBasics() throws {
        let folder = TemporaryFolder()
        let help = try ProgramRun.run(["--help"], folder: folder)
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("usage: directory"))
        let version = try ProgramRun.run(["--version"], folder: folder)
        #expect(version.standardOutput.hasPrefix("directory "))
        let bad = try ProgramRun.run(["--fiel", "x"], folder: folder)
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("unknown option '--fiel'; did you mean '--file'?"))
        let kind = try ProgramRun.run(["--kind", "cats"], folder: folder)
        #expect(kind.status == 2)
    }

    @Test("an empty path (an unset variable) is no list: a usage error, and commands refuse it")
    func emptyPathIsRefused() throws {
        let folder = TemporaryFolder()
        let positional = try ProgramRun.run(["", "-c", "list"], folder: folder)
        #expect(positional.status == 2)
        #expect(positional.standardOutput == "")
        #expect(positional.standardError.contains("the list to open is an empty argument"))
        let flag = try ProgramRun.run(["--file", "", "-c", "list"], folder: folder)
        #expect(flag.status == 2)
        #expect(flag.standardError.contains("--file needs a value"))
        let commands = try ProgramRun.run(
            ["--file", "d.json"], input: "save as ''\nexport csv \"\"\nmerge \"\"\nopen \"\"\n", folder: folder)
        #expect(commands.standardError.contains("open needs a file path"))
        #expect(commands.standardError.contains("save as needs a file path"))
        #expect(commands.standardError.contains("export csv needs a file path"))
        #expect(commands.standardError.contains("merge needs a file path"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("d.json")))
    }

    @Test("lines checked a block at a time: a bad line among thousands of non-ASCII ones is the only one refused")
    func badLinesAmongManyBlocks() throws {
        let folder = TemporaryFolder()
        var input = Data()
        for number in 1...6_000 {
            switch number {
            // `set ` and a sequence cut short.
            case 3_001: input.append(contentsOf: [0x73, 0x65, 0x74, 0x20, 0xC3, 0x28, 0x0A])
            case 4_500: input.append(Data("set name a\u{0}b\n".utf8))
            default: input.append(Data("set name Zoë Łukasz 高橋 \(number)\n".utf8))
            }
        }
        input.append(Data("save\n".utf8))
        var script = Data("new Start\n".utf8)
        script.append(input)
        let run = try ProgramRun.run(["--file", "d.json"], inputData: script, folder: folder)
        #expect(run.status == 1)
        let errors = run.standardError.split(separator: "\n").filter { $0.contains("line") }
        #expect(errors.count == 2, "\(errors)")
        #expect(run.standardError.contains("line 3002: the line is not valid UTF-8 text"))
        #expect(run.standardError.contains("line 4501: the line contains a NUL byte"))
        let saved = try #require(FileManager.default.contents(atPath: folder.file("d.json")))
        let people = try JSONSerialization.jsonObject(with: saved) as? [[String: Any]]
        #expect(people?.last?["name"] as? String == "Zoë Łukasz 高橋 6000")
    }

    @Test("garbage bytes, NUL bytes and a 10 MB line give errors, never a crash")
    func hostileInput() throws {
        let folder = TemporaryFolder()
        var input = Data("new Good\n".utf8)
        input.append(contentsOf: [0xFF, 0xFE, 0x41, 0x0A])
        input.append(contentsOf: Array("set name a\u{0}b\n".utf8))
        input.append(Data(("set name " + String(repeating: "x", count: 10_000_000) + "\n").utf8))
        input.append(Data("set office \"unbalanced\nsave\n".utf8))
        let run = try ProgramRun.run(["--file", "d.json"], inputData: input, folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("line 2: the line is not valid UTF-8 text"))
        #expect(run.standardError.contains("line 3: the line contains a NUL byte"))
        #expect(run.standardError.contains("line 5: the value has no closing \""))
        let saved = try #require(FileManager.default.contents(atPath: folder.file("d.json")))
        let people = try JSONSerialization.jsonObject(with: saved) as? [[String: Any]]
        #expect((people?.last?["name"] as? String)?.count == 10_000_000)
    }
}
