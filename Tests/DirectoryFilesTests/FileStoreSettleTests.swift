import Foundation
import Synchronization
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// An empty or half-written file is never a list: opening refuses it as one, and a merge
/// waits for it to hold a list or stop changing. Sniffing refuses a file by its first bytes.
@Suite("FileStore: empty, half-written and hopeless files")
struct FileStoreSettleTests {
    static let list = "[{\"id\":\"00000000-0000-0000-0000-000000000001\",\"name\":\"Kept\",\"office\":\"\"}]"

    /// A store whose wait looks `pause` at each poll, with a quiet period and limit that
    /// the pauses decide (a poll does not sleep).
    static func store(quiet: Double = 0, limit: Double = 30, pause: @escaping @Sendable (Int) -> Void) -> FileStore {
        FileStore(settleWait: .init(limit: limit, quiet: quiet, pause: pause))
    }

    @Test("a 0-byte file is not read as a list")
    func emptyFileIsRefused() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/list.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        #expect(throws: StorageError.emptyFile(path: path)) {
            try FileStore().load(location: path, kind: nil, fallback: .person)
        }
    }

    @Test("a file being written in place is read once it holds a list")
    func halfWrittenFileIsReadOnceWhole() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/list.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        // The writer's steps, one per poll: half of the list, then all of it.
        let store = Self.store(quiet: 3600) { poll in
            let text = poll == 1 ? String(Self.list.prefix(30)) : poll == 3 ? Self.list : nil
            if let text { _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) }
        }
        let loaded = try #require(try store.loadSettled(location: path, kind: nil, fallback: .person))
        #expect(loaded.records.map { $0.values[0] } == [.text("Kept")])
    }

    @Test(
        "opening a file another program rewrites in place while it is read waits for the list, not calling it damaged")
    func openingAFileBeingRewritten() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/list.json"
        let other = Self.list.replacingOccurrences(of: "Kept", with: "Written")
        _ = FileManager.default.createFile(atPath: path, contents: Data(Self.list.utf8))
        // The other program has the file open for writing (so no read lease is granted); it
        // truncates it, writes half and closes it just as the read opens it (the store's clock
        // is read then), and writes the whole list in place at the wait's second look.
        let writer = Writer(try #require(FileHandle(forWritingAtPath: path)))
        var store = Self.store(quiet: 3600) { poll in
            if poll == 2, let handle = FileHandle(forWritingAtPath: path) { Writer(handle).write(other, closing: true) }
        }
        store.clock = {
            writer.writeOnce(String(other.prefix(40)))
            return FileStamp.coarseClock()
        }
        let loaded = try #require(try store.load(location: path, kind: nil, fallback: .person))
        #expect(loaded.records.map { $0.values[0] } == [.text("Written")])
        // A damaged file that does not change is refused at once, as before.
        _ = FileManager.default.createFile(atPath: path, contents: Data(Self.list.prefix(40).utf8))
        #expect(throws: StorageError.self) { try FileStore().load(location: path, kind: nil, fallback: .person) }
    }

    /// Another program's handle on a file, writing it in place as `Data.write` without `.atomic` does.
    final class Writer: @unchecked Sendable {
        let handle: FileHandle
        var wrote = false
        init(_ handle: FileHandle) { self.handle = handle }

        /// Truncates the file and writes `text`, closing the handle after when `closing`.
        func write(_ text: String, closing: Bool = false) {
            try? handle.truncate(atOffset: 0)
            try? handle.write(contentsOf: Data(text.utf8))
            if closing { try? handle.close() }
        }

        /// Writes `text` and closes the handle as `write` does, the first time it is called only.
        func writeOnce(_ text: String) {
            guard !wrote else { return }
            wrote = true
            write(text, closing: true)
        }
    }

    @Test("a file that stays empty, or stays damaged, is refused once it stops changing")
    func settledButNotAList() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/list.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let store = Self.store { _ in usleep(1_000) }
        #expect(throws: StorageError.emptyFile(path: path)) {
            try store.loadSettled(location: path, kind: nil, fallback: .person)
        }
        _ = FileManager.default.createFile(atPath: path, contents: Data(Self.list.prefix(30).utf8))
        #expect(throws: (any Error).self) { try store.loadSettled(location: path, kind: nil, fallback: .person) }
    }

    @Test("a file that never stops changing is refused at the limit, as still changing")
    func neverSettles() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/list.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        // Each poll the file grows by a byte: it is never the same twice.
        let store = Self.store(quiet: 0, limit: 0.05) { poll in
            _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x20, count: poll))
            usleep(1_000)
        }
        #expect(throws: StorageError.unsettled(path: path)) {
            try store.loadSettled(location: path, kind: nil, fallback: .person)
        }
    }

    @Test("a file whose first bytes cannot start a list is refused from its first window")
    func sniffRefusesEarly() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/zeros.plist"
        _ = FileManager.default.createFile(atPath: path, contents: Data([0]))
        unsafe #expect(truncate(path, 64 << 20) == 0)  // sparse
        #expect(throws: StorageError.unknownFormat(path: path)) {
            try FileStore().load(location: path, kind: nil, fallback: .person)
        }
    }

    @Test(
        "the first bytes decide: a format, not a list, or not yet",
        arguments: [
            ("bplist00", false, FileFormat.Start.format(.binaryPlist)),
            ("bpl", false, .undecided), ("bpl", true, .notAList), ("bpx", false, .notAList),
            ("   \n", false, .undecided), ("   \n", true, .notAList), ("\u{FEFF} [", false, .format(.json)),
            ("\u{0}\u{0}", false, .notAList), ("  <?xml", false, .format(.xmlPlist)), ("x", false, .notAList),
        ])
    func sniffStart(text: String, complete: Bool, expected: FileFormat.Start) {
        let bytes = Array(text.utf8)
        #expect(FileFormat.sniffStart(RawSpan(_elements: bytes.span), complete: complete) == expected)
    }
}

@Suite("FileStore: a file that finished as it was read")
struct FileStoreSettleRereadTests {
    /// The list with its closing bracket damaged: the same size, not a list.
    static let damaged = String(FileStoreSettleTests.list.dropLast()) + "x"

    @Test("a file whose writer finished between the failed read and the first look is read again, not refused")
    func finishedBeforeTheFirstLook() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/list.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(Self.damaged.utf8))
        var status = stat()
        unsafe stat(path, &status)
        let times = [status.st_atim, status.st_mtim]
        // The writer finishes in place, the same size, and its time stays (a coarse clock):
        // nothing the settle loop watches changes.
        let store = FileStoreSettleTests.store(quiet: 0) { poll in
            guard poll == 1, let handle = FileHandle(forWritingAtPath: path) else { return }
            handle.write(Data(FileStoreSettleTests.list.utf8))
            try? handle.close()
            var kept = times
            unsafe utimensat(AT_FDCWD, path, &kept, 0)
        }
        let loaded = try #require(try store.loadSettled(location: path, kind: nil, fallback: .person))
        #expect(loaded.records.map { $0.values[0] } == [.text("Kept")])
    }
}

@Suite("FileStore: a list rewritten in place is never read half new, half old")
struct FileStoreTornReadTests {
    static func list(_ first: String, _ second: String) -> String {
        "[{\"id\":\"00000000-0000-0000-0000-000000000001\",\"name\":\"\(first)\",\"office\":\"\"},"
            + "{\"id\":\"00000000-0000-0000-0000-000000000002\",\"name\":\"\(second)\",\"office\":\"\"}]"
    }

    @Test("a list rewritten in place in two chunks is waited for: a read between the chunks is never taken")
    func tornRewriteIsNotRead() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/list.json"
        let old = Array(Self.list("Old A", "Old B").utf8)
        let new = Array(Self.list("New A", "New B").utf8)
        _ = FileManager.default.createFile(atPath: path, contents: Data(old))
        // The first chunk, up to the second record: the file now holds "New A" and "Old B",
        // a valid list that no one wrote. The writer keeps the file open for its second chunk.
        let half = new.count / 2 + 10
        let writer = unsafe open(path, O_WRONLY)
        try #require(writer >= 0)
        #expect(unsafe pwrite(writer, new, half, 0) == half)
        let onlyFirst = try #require(try FileStore().load(location: path, kind: nil, fallback: .person))
        #expect(onlyFirst.records.map { $0.values[0] } == [.text("New A"), .text("Old B")], "the torn file parses")
        // The second chunk is written once the read waits for the writer (it asks whether the
        // wait is cancelled): the read is then between the chunks, every time.
        let finished = Atomic<Bool>(false)
        let wait = LockWait(seconds: 30) {
            if !finished.exchange(true, ordering: .sequentiallyConsistent) {
                let rest = Array(new[half...])
                _ = unsafe pwrite(writer, rest, rest.count, off_t(half))
                close(writer)
            }
            return false
        }
        let store = FileStore(lockWait: wait, settleWait: .init(limit: 30, quiet: 0.25))
        let loaded = try #require(try store.loadSettled(location: path, kind: nil, fallback: .person))
        if !finished.exchange(true, ordering: .sequentiallyConsistent) { close(writer) }
        #expect(loaded.records.map { $0.values[0] } == [.text("New A"), .text("New B")])
    }
}
