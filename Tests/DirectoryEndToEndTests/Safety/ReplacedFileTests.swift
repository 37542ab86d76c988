import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Safety: what a save keeps of the file it replaces")
struct ReplacedFileTests {
    /// A folder holding a three-person JSON list, and the list's path.
    static func savedList() throws -> (TemporaryFolder, String) {
        let folder = TemporaryFolder()
        let path = folder.file("people.json")
        try SafetyFiles.writePeople(count: 3, to: path)
        return (folder, path)
    }

    /// The file's status, following links.
    static func status(_ path: String) -> stat {
        var info = stat()
        _ = unsafe stat(path, &info)
        return info
    }

    @Test(
        "saved by root, a nobody:nogroup file keeps its owner, group and mode; setuid and setgid are dropped",
        .enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func ownerAndGroupKept() throws {
        let (folder, path) = try Self.savedList()
        unsafe #expect(chown(path, 65534, 65534) == 0)
        unsafe #expect(chmod(path, 0o6640) == 0)
        let run = try ProgramRun.run(["--file", path, "-c", "new Kept Owner", "-c", "save"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let info = Self.status(path)
        #expect(info.st_uid == 65534 && info.st_gid == 65534)
        #expect(info.st_mode & 0o7777 == 0o640)
        #expect(try SafetyFiles.names(in: path).last == "Kept Owner")
    }

    @Test("a read-only file is not replaced by save (the message says why and names save!); save! replaces it")
    func readOnlyRefused() throws {
        let (folder, path) = try Self.savedList()
        unsafe #expect(chmod(path, 0o444) == 0)
        let before = FileManager.default.contents(atPath: path)
        let refused = try ProgramRun.run(["--file", path, "-c", "new Blocked", "-c", "save"], folder: folder)
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains("could not save \(path): the file is read-only (mode 0444); 'save!'"),
            "\(refused.standardError)")
        #expect(FileManager.default.contents(atPath: path) == before)
        let forced = try ProgramRun.run(["--file", path, "-c", "new Forced", "-c", "save!"], folder: folder)
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(try SafetyFiles.names(in: path).last == "Forced")
        #expect(Self.status(path).st_mode & 0o7777 == 0o444)
    }

    @Test("a file with two hard links is not split: the save is refused, saying why, and both names agree")
    func hardLinkRefused() throws {
        let (folder, path) = try Self.savedList()
        let other = folder.file("other-name.json")
        unsafe #expect(link(path, other) == 0)
        let before = FileManager.default.contents(atPath: path)
        let run = try ProgramRun.run(["--file", path, "-c", "new Linked", "-c", "save"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("it has 2 hard links"), "\(run.standardError)")
        #expect(run.standardError.contains("your edits are kept"))
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(Self.status(path).st_ino == Self.status(other).st_ino)
    }

    @Test("a symbolic link to a missing file is not replaced by a plain file: the save names the target")
    func danglingLinkRefused() throws {
        let folder = TemporaryFolder()
        let link = folder.file("people.json")
        unsafe #expect(symlink(folder.file("missing/people.json"), link) == 0)
        let run = try ProgramRun.run(["--file", link, "-c", "new Dangling", "-c", "save"], folder: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "it is a symbolic link to \(folder.file("missing/people.json")), which does not"),
            "\(run.standardError)")
        var info = stat()
        unsafe #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
    }

    @Test("a link to an existing list is written through, and stays a link")
    func linkWrittenThrough() throws {
        let (folder, path) = try Self.savedList()
        let link = folder.file("link.json")
        unsafe #expect(symlink(path, link) == 0)
        let run = try ProgramRun.run(["--file", link, "-c", "new Through", "-c", "save"], folder: folder)
        #expect(run.status == 0, "\(run.standardError)")
        var info = stat()
        unsafe #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
        #expect(try SafetyFiles.names(in: path).last == "Through")
    }
}
