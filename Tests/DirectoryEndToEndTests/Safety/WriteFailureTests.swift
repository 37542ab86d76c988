import Foundation
import Testing

@Suite("Safety: saves that cannot write")
struct WriteFailureTests {
    @Test(
        "a full disk: the error names the file and says the disk is full; the old file and the edits survive",
        .enabled(if: ScratchMount.isAvailable, "needs root to mount a small tmpfs"))
    func fullDisk() throws {
        let folder = TemporaryFolder()
        let disk = try ScratchMount(kilobytes: 256, in: folder)
        let path = disk.file("people.json")
        try SafetyFiles.writePeople(count: 1_500, to: path)  // ~150 kB: the copy a save makes does not fit
        let before = FileManager.default.contents(atPath: path)
        let rescued = folder.file("rescued.json")
        let run = try ProgramRun.run(
            ["--file", path, "-c", "new Fills The Disk", "-c", "save", "-c", "save as \(rescued)"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("could not save \(path): the disk is full"), "\(run.standardError)")
        #expect(run.standardError.contains("your edits are kept"))
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(try SafetyFiles.temporaryFiles(in: disk.path).isEmpty)
        #expect(try SafetyFiles.names(in: rescued).last == "Fills The Disk")
    }

    @Test(
        "a read-only file system: the error says so, and save as elsewhere keeps the edits",
        .enabled(if: ScratchMount.isAvailable, "needs root to mount a read-only tmpfs"))
    func readOnlyFileSystem() throws {
        let folder = TemporaryFolder()
        let disk = try ScratchMount(kilobytes: 256, in: folder)
        let path = disk.file("people.json")
        try SafetyFiles.writePeople(count: 3, to: path)
        try disk.makeReadOnly()
        let before = FileManager.default.contents(atPath: path)
        let rescued = folder.file("rescued.json")
        let run = try ProgramRun.run(
            ["--file", path, "-c", "new Read Only", "-c", "save", "-c", "save as \(rescued)"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("could not save \(path): the file system is read-only"))
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(try SafetyFiles.names(in: rescued).last == "Read Only")
    }

    @Test(
        "a script whose save failed keeps its edits in the recovery journal when it ends, and 'recover' brings them back",
        .enabled(if: ScratchMount.isAvailable, "needs root to mount a read-only tmpfs"))
    func failedSaveInScriptKeepsJournal() throws {
        let folder = TemporaryFolder()
        let disk = try ScratchMount(kilobytes: 256, in: folder)
        let path = disk.file("people.json")
        try SafetyFiles.writePeople(count: 3, to: path)
        try disk.makeReadOnly()
        let run = try ProgramRun.run(["--file", path, "-c", "new Read Only", "-c", "save"], folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("your edits are kept"))
        #expect(
            run.standardError.contains(
                "1 unsaved change to people.json was not saved; the save failed, so it waits "
                    + "in the recovery journal"), "\(run.standardError)")
        let rescued = folder.file("rescued.json")
        let recovered = try ProgramRun.run(
            ["--file", path, "-c", "recover", "-c", "save as \(rescued)"], folder: folder)
        #expect(recovered.status == 0, "\(recovered.standardError)")
        #expect(try SafetyFiles.names(in: rescued).last == "Read Only")
    }

    @Test("a script whose failed save was followed by one that worked leaves no recovery journal")
    func saveAfterFailedSaveLeavesNoJournal() throws {
        let folder = TemporaryFolder()
        let path = folder.file("people.json")
        try SafetyFiles.writePeople(count: 3, to: path)
        // `save as` a folder fails; the plain `save` after it works.
        let run = try ProgramRun.run(
            ["--file", path, "-c", "new Saved Later", "-c", "save as \(folder.path)", "-c", "save"], folder: folder)
        #expect(run.status == 1)
        #expect(!run.standardError.contains("recovery journal"), "\(run.standardError)")
        let next = try ProgramRun.run(["--file", path, "-c", "recover"], folder: folder)
        #expect(next.standardOutput.contains("Nothing to recover"), "\(next.standardOutput)\(next.standardError)")
        #expect(try SafetyFiles.names(in: path).last == "Saved Later")
    }

    @Test(
        "permission denied: the error says so, the old file is intact, and the edits can be saved elsewhere",
        .enabled(if: SafetyFiles.canTestPermissions, "root ignores permissions, and setpriv is missing"))
    func permissionDenied() throws {
        let folder = TemporaryFolder()
        let shared = folder.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        let path = shared + "/people.json"
        try SafetyFiles.writePeople(count: 3, to: path)
        let before = FileManager.default.contents(atPath: path)
        unsafe chmod(shared, 0o555)
        unsafe chmod(folder.path, 0o777)  // the unprivileged user must be able to save the rescue copy
        defer { unsafe chmod(shared, 0o755) }
        let rescued = folder.file("rescued.json")
        let arguments = ["--file", path, "-c", "new Locked Out", "-c", "save", "-c", "save as \(rescued)"]
        // Root may write anywhere: run the program as nobody when the tests run as root.
        let run =
            geteuid() == 0
            ? try SafetyFiles.runAsNobody(arguments, folder: folder)
            : try ProgramRun.run(arguments, folder: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "could not save \(path): its folder \(shared) does not let this program make a file in it "
                    + "(permission denied)"), "\(run.standardError)")
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(try SafetyFiles.names(in: rescued).last == "Locked Out")
    }

    @Test(
        "an export into a folder it cannot write says how an export is written, not how a save is",
        .enabled(if: SafetyFiles.canTestPermissions, "root ignores permissions, and setpriv is missing"))
    func exportIntoClosedFolder() throws {
        let folder = TemporaryFolder()
        let closed = folder.file("closed")
        try FileManager.default.createDirectory(atPath: closed, withIntermediateDirectories: true)
        let path = folder.file("people.json")
        try SafetyFiles.writePeople(count: 3, to: path)
        unsafe chmod(closed, 0o555)
        unsafe chmod(folder.path, 0o777)
        defer { unsafe chmod(closed, 0o755) }
        let arguments = ["--file", path, "-c", "export csv \(closed)/x.csv"]
        let run =
            geteuid() == 0
            ? try SafetyFiles.runAsNobody(arguments, folder: folder)
            : try ProgramRun.run(arguments, folder: folder)
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "could not export to \(closed)/x.csv: its folder \(closed) does not let this program make a file in it "
                    + "(permission denied), and the file is written whole under a temporary name in that folder "
                    + "first, then renamed into place"), "\(run.standardError)")
        #expect(!run.standardError.contains("save"), "\(run.standardError)")
    }

    @Test("save as a path under a regular file says a part of the path is not a folder; save still works")
    func parentIsAFile() throws {
        let folder = TemporaryFolder()
        let path = folder.file("people.json")
        try SafetyFiles.writePeople(count: 3, to: path)
        _ = FileManager.default.createFile(atPath: folder.file("plain"), contents: Data("x".utf8))
        let run = try ProgramRun.run(
            ["--file", path, "-c", "new Kept", "-c", "save as \(folder.file("plain/people.json"))", "-c", "save"],
            folder: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("a part of the path is not a folder"), "\(run.standardError)")
        #expect(try SafetyFiles.names(in: path).last == "Kept")
    }

    @Test("the file replaced by a folder while edits are held: save names the cause, and save as keeps the edits")
    func fileReplacedByFolder() throws {
        let folder = TemporaryFolder()
        let path = folder.file("people.json")
        try SafetyFiles.writePeople(count: 3, to: path)
        let program = try LiveProgram(["--file", path], folder: folder)
        program.send("new Held Edit", "changes")
        #expect(program.waitForOutput(containing: "unsaved change"))
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let rescued = folder.file("rescued.json")
        program.send("save", "save!", "save as \(rescued)")
        let run = program.finish()
        #expect(run.status == 1)
        #expect(
            run.standardError.contains("could not save \(path): it is a folder, not a file"), "\(run.standardError)")
        var isFolder: ObjCBool = false
        unsafe #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
        #expect(try SafetyFiles.names(in: rescued).last == "Held Edit")
    }
}
