import Foundation
import Testing

@Suite("Safety: edge cases of the command line and of numbers in files")
struct CommandLineEdgeTests {
    @Test("-f naming a folder is a usage error: a clear message and exit 2")
    func scriptIsAFolder() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(["--file", folder.file("p.json"), "-f", "/tmp"], folder: folder)
        #expect(run.status == 2)
        #expect(run.standardError.contains("cannot run the script /tmp: it is a folder, not a file"))
    }

    @Test("invalid UTF-8 in a -c argument is refused with exit 2, not silently replaced")
    func invalidUTF8Argument() throws {
        let folder = TemporaryFolder()
        let path = folder.file("p.json")
        // Foundation's Process takes only valid strings: the shell's printf makes the bad byte.
        let run = try ToolRun.run(
            "/bin/sh", ["-c", #"exec "$DIRECTORY" --file "$1" -c "$(printf 'new Bad\377Name')" -c save"#, "sh", path],
            in: folder)
        #expect(run.status == 2)
        #expect(
            run.standardError.contains("argument 4 is not valid UTF-8 text (byte 0xFF at offset 7)"),
            "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a JSON integer too large for 64 bits in an unknown key keeps its digits through a save")
    func hugeIntegerKeepsItsText() throws {
        let folder = TemporaryFolder()
        let path = folder.file("p.json")
        let json =
            #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Ann","office":"","#
            + #""big":18446744073709551616,"neg":-9223372036854775809,"long":123456789012345678901234567890}]"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let run = try ProgramRun.run(["--file", path, "-c", "new Bob", "-c", "save"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""big":18446744073709551616"#), "\(text)")
        #expect(text.contains(#""neg":-9223372036854775809"#))
        #expect(text.contains(#""long":123456789012345678901234567890"#))
    }

    @Test("bucket dates 10^15 s and more after 2001 show their real year, not 2001-01-01")
    func farDatesInAList() throws {
        let folder = TemporaryFolder()
        let path = folder.file("bucketList.json")
        let cycles = 80_000.0 * 146_097 * 86_400  // 32,000,000 years: 2001 + 32,000,000
        let json =
            #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Far","note":"","#
            + #""completedDate":\#(Int64(cycles))}]"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let run = try ProgramRun.run(["--file", path, "-c", "list"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("✓ 32002001-01-01"), "\(run.standardOutput)")
    }
}
