import Foundation
import Testing

@Suite("End to end: script input, source, format and export to standard output")
struct ScriptSourceTests {
    @Test("a byte-order mark at the start of a script is ignored, through -f and through a pipe")
    func aLeadingByteOrderMarkIsIgnored() throws {
        let folder = TemporaryFolder()
        let script = "\u{FEFF}new Zoë\nlist 4\n"
        try script.write(toFile: folder.file("bom.txt"), atomically: true, encoding: .utf8)
        let viaFile = try ProgramRun.run(["-f", folder.file("bom.txt")], folder: folder)
        let viaPipe = try ProgramRun.run([], input: script + "quit!\n", folder: folder)
        for run in [viaFile, viaPipe] {
            #expect(!run.standardError.contains("unknown command"))
            #expect(run.standardOutput == "  4  Zoë\n")
        }
    }

    @Test("-c and -f on a list file that does not exist warn on standard error what the session starts with")
    func aMissingListFileIsWarnedAbout() throws {
        let folder = TemporaryFolder()
        let people = try ProgramRun.run(["-c", "list 1", folder.file("extra.json")], folder: folder)
        #expect(people.standardOutput == "  1  Acacia Ackles  Steitz 131\n")
        #expect(people.standardError == ProgramRun.samplesWarning(folder.file("extra.json")))
        try "list\n".write(toFile: folder.file("s.txt"), atomically: true, encoding: .utf8)
        let bucket = try ProgramRun.run(["-f", folder.file("s.txt"), folder.file("bucketList.json")], folder: folder)
        #expect(bucket.standardError.contains("bucketList.json does not exist: the session starts with an empty list"))
        let existing = try ProgramRun.run(["-c", "list 1"], folder: folder)
        #expect(existing.standardError == "")
    }

    @Test("-c and -f warn too when the missing list file comes from the config file")
    func aMissingListFileFromTheConfigFileIsWarnedAbout() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.file("config/directory"), withIntermediateDirectories: true)
        try "file = \(folder.file("typo.json"))\n".write(
            toFile: folder.file("config/directory/config"), atomically: true, encoding: .utf8)
        try "list 1\n".write(toFile: folder.file("s.txt"), atomically: true, encoding: .utf8)
        let expected = ProgramRun.samplesWarning(folder.file("typo.json"))
        for arguments in [["-c", "list 1"], ["-f", folder.file("s.txt")]] {
            let run = try ProgramRun.run(arguments, folder: folder)
            #expect(run.standardOutput == "  1  Acacia Ackles  Steitz 131\n")
            #expect(run.standardError == expected)
        }
    }

    @Test("source runs a file's lines with the script rules: errors as FILE:N:, --bail stops, aliases .read and \\i")
    func sourceRunsAFileAsAScript() throws {
        let folder = TemporaryFolder()
        try "new Zoë\nbogus\nnew Yan\n".write(toFile: folder.file("setup.txt"), atomically: true, encoding: .utf8)
        let run = try ProgramRun.run(
            [], input: "source setup.txt\nlist 4-5\n.read setup.txt\n\\i setup.txt\nquit!\n", folder: folder)
        #expect(run.standardOutput == "  4  Zoë\n  5  Yan\n")
        #expect(
            run.standardError
                == "setup.txt:2: unknown command 'bogus'; type 'help' for a list of commands\n".repeated(3))
        #expect(run.status == 1)
        let bailing = try ProgramRun.run(
            ["--bail"], input: "source setup.txt\nlist 4-5\nquit!\n", folder: folder)
        #expect(bailing.standardOutput == "")
        #expect(
            bailing.standardError.hasPrefix(
                "setup.txt:2: unknown command 'bogus'; type 'help' for a list of commands\n"
                    + "directory: warning: 1 unsaved change"))
        #expect(bailing.status == 1)
        let missing = try ProgramRun.run([], input: "source nothing.txt\n", folder: folder)
        #expect(missing.standardError.hasPrefix("directory: line 1: cannot read the script nothing.txt: "))
    }

    @Test("format sets how records print from then on; alone it names the format in use")
    func formatChangesTheOutputFormat() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            [], input: "format\nformat csv\nlist 1\nformat JSON\nformat\nformat yaml\nquit!\n", folder: folder)
        let lines = run.standardOutput.components(separatedBy: "\r\n")
        let id = try #require(lines.count > 1 ? lines[1].split(separator: ",").first : nil)
        #expect(
            run.standardOutput == """
                Records are printed as table (format table|json|csv changes it).
                id,name,office\r
                \(id),Acacia Ackles,Steitz 131\r
                Records are printed as json (format table|json|csv changes it).

                """)
        #expect(run.standardError == "directory: line 6: format takes table or json or csv, not 'yaml'\n")
    }

    @Test("export to - and to /dev/stdout writes the file's text to standard output, and no file named -")
    func exportToStandardOutput() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            [], input: "export csv -\nexport! csv /dev/stdout\nexport json -\nquit!\n", folder: folder)
        #expect(run.standardOutput.hasPrefix("id,name,office\r\n"))
        #expect(run.standardOutput.components(separatedBy: "id,name,office\r\n").count == 3)
        #expect(run.standardOutput.contains("\"name\":\"Kurt Krebsbach\""))
        #expect(run.standardError == "")
        #expect(!FileManager.default.fileExists(atPath: folder.file("-")))
    }
}

extension String {
    /// The string `count` times over.
    fileprivate func repeated(_ count: Int) -> String { String(repeating: self, count: count) }
}
