import Foundation
import Synchronization
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// A save replaces only the version its merge read: another program's version that lands
/// in between is never replaced, with `renameat2` swapping and with the plain rename.
@Suite("FileStore: the save window")
struct FileStoreReplacingTests {
    static let people: RecordList = RecordList(
        (0..<3).map { Record(id: RecordID(high: 1, low: UInt64($0)), values: [.text("P\($0)"), .text("R\($0)")]) })

    /// A folder holding `list.json` with three people, its path, and the file's version.
    static func savedList() throws -> (folder: String, path: String, known: FileVersion) {
        let folder = FileStoreTests.scratchFolder()
        let path = folder + "/list.json"
        guard case .file(let known) = try FileStore().save(people, kind: .person, format: .json, to: path) else {
            throw StorageError.writeFailed(path: path, reason: "a file store returned no file version")
        }
        return (folder, path, known)
    }

    /// Writes `text` to `path` as another program's atomic save does: a new file renamed in.
    static func replace(_ path: String, with text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    static func contents(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    static func leftovers(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != "list.json" }
    }

    @Test("a save that finds the version its merge read replaces it and leaves no file behind")
    func unchangedFileIsReplaced() throws {
        let (folder, path, known) = try Self.savedList()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var more = Self.people
        more.append(Record(id: RecordID(high: 1, low: 9), values: [.text("New"), .text("")]))
        let written = try FileStore().write(
            .whole(more, kind: .person, format: .json), to: path, replacing: .version(.file(known)))
        #expect(try FileStore().version(at: path, known: nil) == written)
        #expect(Self.contents(path).contains("New"))
        #expect(Self.leftovers(folder).isEmpty)
    }

    @Test(
        "another version saved after the merge read is never replaced: the save throws changedMeanwhile",
        arguments: [true, false])
    func anotherVersionIsKept(exchanges: Bool) throws {
        let (folder, path, known) = try Self.savedList()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.replace(path, with: "[{\"id\":\"00000000-0000-0000-0000-000000000001\",\"name\":\"Theirs\"}]")
        let before = Self.contents(path)
        #expect(throws: StorageError.changedMeanwhile(location: path)) {
            try Self.write(Self.people, to: path, expecting: .version(known), exchanges: exchanges)
        }
        #expect(Self.contents(path) == before)
        #expect(Self.leftovers(folder).isEmpty)
    }

    @Test(
        "a version of the same size and time (a coarse clock) is swapped out, found by its hash, and swapped back",
        arguments: [true, false])
    func sameSizeAndTimeIsPutBack(exchanges: Bool) throws {
        let (folder, path, known) = try Self.savedList()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var info = stat()
        unsafe #expect(stat(path, &info) == 0)
        // The same bytes but one letter: same size; then the old time put back.
        let theirs = Self.contents(path).replacingOccurrences(of: "P1", with: "Q1")
        try Self.replace(path, with: theirs)
        var times = [info.st_atim, info.st_mtim]
        unsafe #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(throws: StorageError.changedMeanwhile(location: path)) {
            try Self.write(Self.people, to: path, expecting: .version(known), exchanges: exchanges)
        }
        #expect(Self.contents(path) == theirs)
        #expect(Self.leftovers(folder).isEmpty)
    }

    @Test("a file that appeared where the session saw none is never replaced", arguments: [true, false])
    func appearedFileIsKept(exchanges: Bool) throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/list.json"
        try Self.replace(path, with: "[]")
        #expect(throws: StorageError.changedMeanwhile(location: path)) {
            try Self.write(Self.people, to: path, expecting: .nothing, exchanges: exchanges)
        }
        #expect(Self.contents(path) == "[]")
        #expect(Self.leftovers(folder).isEmpty)
    }

    @Test("a file deleted since the merge read is not written by a save expecting it: the session merges again")
    func deletedFileIsNotRecreatedBlindly() throws {
        let (folder, path, known) = try Self.savedList()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        unsafe unlink(path)
        #expect(throws: StorageError.changedMeanwhile(location: path)) {
            try FileStore().write(
                .whole(Self.people, kind: .person, format: .json), to: path, replacing: .version(.file(known)))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(Self.leftovers(folder).isEmpty)
    }

    @Test(
        "a writer that has the file open when a save comes (the app's Data.write between truncating and writing) is waited for: its write lands in the file and the save merges again",
        arguments: [true, false])
    func openWriterIsWaitedFor(exchanges: Bool) throws {
        let (folder, path, known) = try Self.savedList()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = unsafe open(path, O_WRONLY)
        let theirs = "[{\"id\":\"00000000-0000-0000-0000-000000000001\",\"name\":\"Theirs\"}]"
        let saved = DispatchSemaphore(value: 0)
        let outcome = Mutex<StorageError?>(nil)
        Thread.detachNewThread {
            do throws(StorageError) {
                try Self.write(Self.people, to: path, expecting: .version(known), exchanges: exchanges, writerWait: 60)
            } catch {
                outcome.withLock { $0 = error }
            }
            saved.signal()
        }
        // The writer writes once the save is done or has waited a while: before this program
        // took a lease, a save let it write into the version it removed, and it was lost.
        let savedFirst = saved.wait(timeout: .now() + .milliseconds(200)) == .success
        #expect(ftruncate(writer, 0) == 0)
        _ = DescriptorWrite.all(theirs.utf8.span, to: writer)
        close(writer)
        if !savedFirst { saved.wait() }
        #expect(outcome.withLock { $0 } == .changedMeanwhile(location: path))
        #expect(Self.contents(path) == theirs)
        #expect(Self.leftovers(folder).isEmpty)
    }

    /// Writes `records` as JSON through `AtomicFile.Placing`, swapping or not.
    static func write(
        _ records: RecordList, to path: String, expecting expected: AtomicFile.Expected, exchanges: Bool,
        writerWait: Double = 2
    ) throws(StorageError) {
        let bytes = RecordCodec.encode(records, kind: .person, format: .json)
        let temporary = path + ".test-new"
        let descriptor = unsafe open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        _ = unsafe bytes.withUnsafeBytes { unsafe Glibc.write(descriptor, $0.baseAddress, $0.count) }
        var written = stat()
        unsafe fstat(descriptor, &written)
        close(descriptor)
        var placing = AtomicFile.Placing(path: path, target: path, temporary: temporary, written: written)
        placing.exchanges = exchanges
        placing.writerWait = LockWait(seconds: writerWait)
        try placing.place(expecting: expected)
    }
}
