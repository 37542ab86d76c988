import Foundation
import Synchronization
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Another program moves the list's folder away and puts another folder at its path while a
/// save is under way: the save does all its steps in the folder it opened, so nothing is left
/// behind there, and it never succeeds into the moved folder: it merges again with the file
/// at the path now.
@Suite("FileStore: the folder exchanged during a save")
struct FileStoreFolderExchangeTests {
    /// A list folder `F` holding the saved list, and beside it a folder `G` holding another list.
    static func folders() throws -> (parent: String, path: String, known: FileVersion, theirs: String) {
        let parent = FileStoreTests.scratchFolder()
        let (folder, path, known) = try FileStoreReplacingTests.savedList()
        try FileManager.default.moveItem(atPath: folder, toPath: parent + "/F")
        try FileManager.default.createDirectory(atPath: parent + "/G", withIntermediateDirectories: false)
        let theirs = "[{\"id\":\"00000000-0000-0000-0000-000000000007\",\"name\":\"Theirs\",\"office\":\"\"}]"
        _ = FileManager.default.createFile(atPath: parent + "/G/list.json", contents: Data(theirs.utf8))
        _ = path
        return (parent, parent + "/F/list.json", known, theirs)
    }

    /// Moves `F` away to `F.old` and puts `G` at its path.
    static func exchange(in parent: String) {
        unsafe rename(parent + "/F", parent + "/F.old")
        unsafe rename(parent + "/G", parent + "/F")
    }

    static func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("the folder exchanged before the swap: nothing is replaced, no temporary file is left behind")
    func exchangedBeforeTheSwap() throws {
        let (parent, path, known, theirs) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let before = FileStoreReplacingTests.contents(path)
        // A writer holds the file open, so the save waits for it after its first checks; while
        // it waits, the folder is exchanged and the writer closes.
        let writer = unsafe open(path, O_WRONLY)
        try #require(writer >= 0)
        let done = Atomic<Bool>(false)
        let wait = LockWait(seconds: 30) {
            if !done.exchange(true, ordering: .sequentiallyConsistent) {
                Self.exchange(in: parent)
                close(writer)
            }
            return false
        }
        #expect(throws: StorageError.changedMeanwhile(location: path)) {
            try FileStore(lockWait: wait).write(
                .whole(FileStoreReplacingTests.people, kind: .person, format: .json), to: path,
                replacing: .version(.file(known)))
        }
        if !done.exchange(true, ordering: .sequentiallyConsistent) { close(writer) }
        #expect(Self.files(parent + "/F.old") == ["list.json"], "nothing left in the moved folder")
        #expect(Self.files(parent + "/F") == ["list.json"])
        #expect(FileStoreReplacingTests.contents(parent + "/F.old/list.json") == before)
        #expect(FileStoreReplacingTests.contents(path) == theirs)
    }

    @Test("the folder exchanged right after the swap: the swap is undone in the moved folder, nothing left")
    func exchangedAfterTheSwap() throws {
        let (parent, path, known, theirs) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let before = FileStoreReplacingTests.contents(path)
        let folder = SaveFolder(parent + "/F")
        let temporary = folder.file(".list.json.test-new")
        let descriptor = unsafe open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(descriptor >= 0)
        _ = unsafe Glibc.write(descriptor, "[]", 2)
        var written = stat()
        unsafe fstat(descriptor, &written)
        close(descriptor)
        var placing = AtomicFile.Placing(
            path: path, target: folder.file("list.json"), temporary: temporary, written: written)
        placing.folder = folder
        placing.afterSwap = { Self.exchange(in: parent) }
        #expect(throws: StorageError.changedMeanwhile(location: path)) {
            try placing.place(expecting: .version(known))
        }
        #expect(Self.files(parent + "/F.old") == ["list.json"], "nothing left in the moved folder")
        #expect(FileStoreReplacingTests.contents(parent + "/F.old/list.json") == before)
        #expect(FileStoreReplacingTests.contents(path) == theirs)
    }

    @Test("a file kept in the save's folder is named where it is, after the folder was moved")
    func keptFileIsNamedWhereItIs() throws {
        let parent = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try FileManager.default.createDirectory(atPath: parent + "/F", withIntermediateDirectories: false)
        let folder = SaveFolder(parent + "/F")
        let kept = folder.file("list.json.displaced-1")
        unsafe rename(parent + "/F", parent + "/F.old")
        #expect(folder.shown(kept) == parent + "/F.old/list.json.displaced-1")
        #expect(!folder.isAtItsPath)
    }
}
