import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Safety: devices, FIFOs and huge files are refused or capped, never read without end")
struct HostileSizeTests {
    /// Runs the program under `ulimit -v` (1 GB of address space) and `timeout`, so a
    /// program that hangs or reads without bound fails the test instead of stalling it.
    static func runBounded(_ arguments: [String], folder: TemporaryFolder) throws -> ToolRun {
        try ToolRun.run(
            "/bin/sh", ["-c", "ulimit -v 1000000; exec timeout 120 \"$DIRECTORY\" \"$@\"", "sh"] + arguments,
            in: folder)
    }

    @Test("--file /dev/zero is refused as a device, at once")
    func deviceAsFile() throws {
        let folder = TemporaryFolder()
        let run = try Self.runBounded(["--file", "/dev/zero", "-c", "list"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("cannot read /dev/zero: it is a character device, not a regular file"))
    }

    @Test("a FIFO as --file is refused without waiting for a writer")
    func fifoAsFile() throws {
        let folder = TemporaryFolder()
        let fifo = folder.file("list.fifo")
        unsafe #expect(mkfifo(fifo, 0o600) == 0)
        let run = try Self.runBounded(["--file", fifo, "-c", "list"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("cannot read \(fifo): it is a FIFO (named pipe), not a regular file"))
    }

    @Test("import csv /dev/zero stops at the 64 MiB stream cap with a message, under a 1 GB memory limit")
    func endlessImport() throws {
        let folder = TemporaryFolder()
        let path = folder.file("people.json")
        let run = try Self.runBounded(["--file", path, "-c", "import csv /dev/zero", "-c", "list"], folder: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError.contains("cannot read /dev/zero: it holds more than 64 MiB, the most read from a pipe"),
            "\(run.standardError)")
        #expect(run.standardOutput.contains("Kurt Krebsbach"), "the session goes on")
    }

    @Test("a FIFO no one writes to is refused at once, saying so, not taken for an empty file")
    func fifoImport() throws {
        let folder = TemporaryFolder()
        let fifo = folder.file("people.csv")
        unsafe #expect(mkfifo(fifo, 0o600) == 0)
        let run = try Self.runBounded(
            ["--file", folder.file("people.json"), "-c", "import csv \(fifo)"], folder: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "cannot read \(fifo): it is a FIFO (named pipe) that no program was writing to; start the program "
                    + "that writes it first"), "\(run.standardError)")
        let refusal = run.standardError.split(separator: "\n").filter { $0.contains("cannot read") }
        #expect(refusal.count == 1 && !refusal[0].contains("empty"), "\(run.standardError)")
    }

    @Test("a list file over 1 GiB is refused by its size, before anything is read")
    func hugeFile() throws {
        let folder = TemporaryFolder()
        let path = folder.file("huge.json")
        _ = FileManager.default.createFile(atPath: path, contents: Data("[".utf8))
        unsafe #expect(truncate(path, (1 << 30) + 1) == 0)  // sparse: no disk space used
        let run = try Self.runBounded(["--file", path, "-c", "list"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("cannot read \(path): it is 1024 MiB, more than the 1 GiB limit"))
    }
}
