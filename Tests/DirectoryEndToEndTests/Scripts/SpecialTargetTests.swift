import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("End to end: export and save as never replace a device, a FIFO or a standard stream")
struct SpecialTargetTests {
    /// The kind of what is at `path` (`S_IFIFO`…), without following a link; `nil` when nothing is.
    static func kind(of path: String) -> mode_t? {
        var info = stat()
        guard unsafe lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    @Test(
        "export, export!, save as and save! as onto a FIFO are refused; it stays a FIFO",
        arguments: ["export csv myfifo", "export! csv myfifo", "save as myfifo", "save! as myfifo"])
    func fifoIsNotReplaced(command: String) throws {
        let folder = TemporaryFolder()
        #expect(try ProgramRun.run(["--file", "d.plist", "-c", "save"], folder: folder).status == 0)
        #expect(unsafe mkfifo(folder.file("myfifo"), 0o600) == 0)
        let run = try ProgramRun.run(["--file", "d.plist", "-c", command, "-c", "quit!"], folder: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError.contains("myfifo: it is a FIFO (named pipe), not a regular file"), "\(run.standardError)")
        #expect(!run.standardError.contains("use 'export!") && !run.standardError.contains("use 'save!"))
        #expect(
            run.standardError.contains(
                command.hasPrefix("export") ? "use 'export csv -'" : "name a regular file"))
        #expect(Self.kind(of: folder.file("myfifo")) == S_IFIFO)
    }

    @Test("export! to /dev/stderr leaves the file standard error goes to whole, and says where to write")
    func standardErrorIsNotReplaced() throws {
        let folder = TemporaryFolder()
        let run = try ProgramRun.run(
            ["--file", "d.plist", "-c", "export! csv /dev/stderr", "-c", "export json /dev/fd/2"], folder: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "could not export to /dev/stderr: it is one of the program's open files (a standard stream or a "
                    + "descriptor), not a regular file"), "\(run.standardError)")
        #expect(run.standardError.contains("use 'export csv -'"))
        #expect(run.standardError.contains("could not export to /dev/fd/2"))
        #expect(run.standardError.contains("use 'export json -'"))
        #expect(!run.standardError.contains("id,name"), "no CSV in place of the messages")
    }

    @Test("export onto a character device, or a link to one, is refused without offering export!")
    func deviceIsNotReplaced() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.file("mynull"), withDestinationPath: "/dev/null")
        for path in ["/dev/null", "mynull"] {
            let run = try ProgramRun.run(["--file", "d.plist", "-c", "export json \(path)"], folder: folder)
            #expect(run.status == 1)
            #expect(run.standardError.contains("it is a character device, not a regular file"), "\(run.standardError)")
            #expect(!run.standardError.contains("use 'export!"), "\(run.standardError)")
            let saved = try ProgramRun.run(["--file", "d.plist", "-c", "save as \(path)"], folder: folder)
            #expect(saved.status == 1)
            #expect(saved.standardError.contains("could not save to \(path): it is a character device"))
        }
        #expect(Self.kind(of: "/dev/null") == S_IFCHR)
        #expect(Self.kind(of: folder.file("mynull")) == S_IFLNK)
    }
}
