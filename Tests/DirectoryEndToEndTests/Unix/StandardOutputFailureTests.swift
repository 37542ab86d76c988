import Foundation
import Testing

/// Output that cannot be written (a full disk, `/dev/full`, a closed standard output) is an
/// error, as it is to `cat` and `jq`; a pipe whose reader has gone is not.
@Suite("Unix: standard output that cannot be written")
struct StandardOutputFailureTests {
    static let diskFull =
        "directory: could not write to standard output: the disk is full; the output from there on was dropped\n"

    /// Runs `script` with `sh -c`, `$DIRECTORY` the built program, in `folder`.
    private func shell(_ script: String, in folder: TemporaryFolder) throws -> ToolRun {
        try ToolRun.run("/bin/sh", ["-c", script], in: folder)
    }

    @Test(
        "each command that prints, to /dev/full: the error names standard output and the reason, status 1",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"),
        arguments: [
            "list", "show 1", "find Person 1", "list 1-2", "export csv -", "export json -", "export vcard -", "help",
        ])
    func fullDevice(_ command: String) throws {
        let folder = TemporaryFolder()
        try SafetyFiles.writePeople(count: 3, to: folder.file("d.json"))
        let run = try shell("\"$DIRECTORY\" d.json -c '\(command)' > /dev/full", in: folder)
        #expect(run.status == 1)
        #expect(run.standardError == Self.diskFull)
    }

    @Test(
        "--help, --version and --completion to /dev/full fail too",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"),
        arguments: ["--help", "--version", "--completion bash", "--print-config"])
    func fullDeviceBeforeTheList(_ option: String) throws {
        let folder = TemporaryFolder()
        let run = try shell("\"$DIRECTORY\" \(option) > /dev/full", in: folder)
        #expect(run.status == 1)
        #expect(run.standardError == Self.diskFull)
    }

    @Test("a closed standard output: the error says it is closed, status 1, and the list is untouched")
    func closedOutput() throws {
        let folder = TemporaryFolder()
        try SafetyFiles.writePeople(count: 3, to: folder.file("d.json"))
        let before = FileManager.default.contents(atPath: folder.file("d.json"))
        let run = try shell("\"$DIRECTORY\" d.json -c 'list' -c 'find Person' >&-", in: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "directory: could not write to standard output: it is closed; the output from there on was dropped\n"
        )
        #expect(FileManager.default.contents(atPath: folder.file("d.json")) == before)
    }

    @Test(
        "a script goes on after the failed write, as after any failed line, says it once, and ends with 1",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
    func scriptGoesOn() throws {
        let folder = TemporaryFolder()
        try SafetyFiles.writePeople(count: 3, to: folder.file("d.json"))
        let run = try shell(
            "printf 'list\\nnew After\\nlist\\nsave\\n' | \"$DIRECTORY\" d.json > /dev/full", in: folder)
        #expect(run.status == 1)
        #expect(run.standardError == Self.diskFull)
        #expect(try SafetyFiles.names(in: folder.file("d.json")).last == "After")
    }

    @Test(
        "with --bail the script stops at the line whose output could not be written",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
    func bailStopsAtTheLine() throws {
        let folder = TemporaryFolder()
        try SafetyFiles.writePeople(count: 3, to: folder.file("d.json"))
        let run = try shell(
            "\"$DIRECTORY\" d.json --bail -c 'list' -c 'new After' -c save > /dev/full", in: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "directory: -c #1: could not write to standard output: the disk is full; the output from there on "
                + "was dropped\n")
        #expect(try SafetyFiles.names(in: folder.file("d.json")).count == 3)
    }

    @Test(
        "a pipe closed by its reader stays quiet: SIGPIPE ends the program (141) as it ends cat; ignored, status 0",
        arguments: [("--default-signal=PIPE", "141\n"), ("--ignore-signal=PIPE", "0\n")])
    func closedPipeIsQuiet(_ signal: String, _ expected: String) throws {
        let folder = TemporaryFolder()
        try SafetyFiles.writePeople(count: 20_000, to: folder.file("d.json"))
        // env sets SIGPIPE's handling for the program whatever the test runner's is.
        let run = try shell(
            "{ env \(signal) \"$DIRECTORY\" d.json -c list -c list; echo $? > status; } | head -c 1 > /dev/null",
            in: folder)
        #expect(run.standardError == "")
        let status = try String(contentsOfFile: folder.file("status"), encoding: .utf8)
        #expect(status == expected)
    }
}
