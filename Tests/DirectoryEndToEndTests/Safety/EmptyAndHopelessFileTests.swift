import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Safety: an empty file is no list, and a hopeless file is refused by its first bytes")
struct EmptyAndHopelessFileTests {
    @Test("a 0-byte file opens with a warning; save refuses to write over it and save! writes")
    func emptyFile() throws {
        let folder = TemporaryFolder()
        let path = folder.file("people.json")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let refused = try ProgramRun.run([path, "-c", "new Mine", "-c", "save"], folder: folder)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("warning: people.json is empty (0 bytes)"), "\(refused.standardError)")
        #expect(
            refused.standardError.contains("\(path) is empty (0 bytes), and an empty file is not a list"),
            "\(refused.standardError)")
        #expect(refused.standardError.contains("'save!' to write your list over it"))
        #expect(FileManager.default.contents(atPath: path)?.isEmpty == true, "the file is untouched")
        let forced = try ProgramRun.run([path, "-c", "new Mine", "-c", "save!"], folder: folder)
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(try SafetyFiles.names(in: path) == ["Mine"])
    }

    @Test("a 1 GiB file of zeros is refused from its first bytes, under a memory limit far below its size")
    func gigabyteOfZeros() throws {
        let folder = TemporaryFolder()
        let path = folder.file("zeros.plist")
        _ = FileManager.default.createFile(atPath: path, contents: Data([0]))
        unsafe #expect(truncate(path, 1 << 30) == 0)  // sparse: no disk space used
        // 400 MB of address space: reading the whole file could not even be tried.
        let run = try ToolRun.run(
            "/bin/sh", ["-c", "ulimit -v 400000; exec timeout 120 \"$DIRECTORY\" \"$@\"", "sh", path, "-c", "list"],
            in: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("\(path) is neither a property list nor JSON"), "\(run.standardError)")
    }
}
