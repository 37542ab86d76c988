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

    @Test(
        "before a write, the version is taken from size and time alone; a same-size change the write then finds is merged"
    )
    func versionBeforeWriteTrustsStatus() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/directory.json"
        let store = FileStore()
        var session = try Session(location: path, kind: .person, store: store, environment: .fixed())
        _ = try session.apply(.save(force: false))
        let known = try #require(session.version)
        // Another program writes the same number of bytes and puts the old time back.
        var info = stat()
        unsafe #expect(stat(path, &info) == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "Steitz 131", with: "Steitz 999").utf8)
            .write(to: URL(fileURLWithPath: path))
        var times = [info.st_atim, info.st_mtim]
        unsafe #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(try store.versionBeforeWrite(at: path, known: known) == known)
        #expect(try store.version(at: path, known: known)?.sameContents(as: known) == false)
        // The save's write hashes what it replaces, swaps it back, and the save merges it.
        _ = try session.apply(.new(name: "Newcomer"))
        _ = try session.apply(.save(force: false))
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains("Steitz 999") && saved.contains("Newcomer"))
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
