import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

@Suite("FileStore")
struct FileStoreTests {
    /// A new empty folder for one test.
    static func scratchFolder() -> String {
        let path = FileManager.default.temporaryDirectory.path + "/directory-core-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a same-size rewrite with the old modification time put back is seen as a change")
    func versionIgnoresTime() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/list.json"
        try Data("[{\"name\":\"A\"}]".utf8).write(to: URL(fileURLWithPath: path))
        let store = FileStore()
        let known = try #require(try store.version(at: path, known: nil))
        var info = stat()
        unsafe #expect(stat(path, &info) == 0)
        try Data("[{\"name\":\"B\"}]".utf8).write(to: URL(fileURLWithPath: path))
        var times = [info.st_atim, info.st_mtim]
        unsafe #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let now = try #require(try store.version(at: path, known: known))
        guard case .file(let knownFile) = known, case .file(let nowFile) = now else {
            Issue.record("a file's version is not a file version")
            return
        }
        #expect(nowFile.size == knownFile.size && nowFile.modified == knownFile.modified)
        #expect(!now.sameContents(as: known))
        #expect(try store.version(at: path, known: now)?.sameContents(as: now) == true)
    }
}
