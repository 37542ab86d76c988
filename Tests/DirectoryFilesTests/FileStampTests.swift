import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

#if canImport(Glibc)
    import Glibc
#endif

/// When a file's status proves its contents (`FileStamp`, git's "racy" rule), a save does not
/// read and hash the file again; when it cannot (the status was taken within the clock's tick
/// of the file's last change, or the file is another file now), the file is hashed as before.
@Suite("FileStore: the status that proves a file's contents")
struct FileStampTests {
    static let people = FileStoreReplacingTests.people

    /// A folder holding `list.json` with three people, written as another program would.
    static func listFile() throws -> (folder: String, path: String) {
        let folder = FileStoreTests.scratchFolder()
        let path = folder + "/list.json"
        let bytes = RecordCodec.encode(people, kind: .person, format: .json)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (folder, path)
    }

    /// Why the rule cannot be tried in `folder` (a file system whose times are not this
    /// machine's clock, or without leases), or `nil`.
    static func ruleUnavailable(in folder: String) -> String? {
        let descriptor = unsafe open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(descriptor) }
        guard FileStamp.hasThisMachinesClock(descriptor) else {
            return "the temporary folder's file system does not stamp files with this machine's clock"
        }
        let probe = folder + "/probe"
        _ = FileManager.default.createFile(atPath: probe, contents: Data("x".utf8))
        defer { unsafe unlink(probe) }
        guard let lease = WriterLease.attempt(probe) else { return "no file lease can be had here" }
        lease.release()
        return nil
    }

    /// The file's status now.
    static func status(_ path: String) -> stat {
        var info = stat()
        _ = unsafe stat(path, &info)
        return info
    }

    /// Waits until the kernel's clock has moved past the file's times (a tick, a few ms).
    static func waitForTheClock(toPass path: String) {
        let stamp = FileStamp(status(path))
        let deadline = Date().addingTimeInterval(30)
        while !stamp.isOlder(than: FileStamp.coarseClock()), Date() < deadline { usleep(1_000) }
    }

    /// Rewrites the file in place (same inode, no truncation) with `text` of the same size, and
    /// puts its old modification time back: only the change time tells.
    static func rewriteInPlace(_ path: String, with text: String) {
        let before = status(path)
        let descriptor = unsafe open(path, O_WRONLY)
        _ = DescriptorWrite.all(text.utf8.span, to: descriptor)
        close(descriptor)
        var times = [before.st_atim, before.st_mtim]
        _ = unsafe utimensat(AT_FDCWD, path, &times, 0)
    }

    static func fileVersion(_ version: ListVersion?) -> FileVersion? {
        guard case .file(let file)? = version else { return nil }
        return file
    }

    @Test("a status proves contents only when both times are older than the clock by more than its tick")
    func theRule() {
        let stamp = FileStamp(device: 1, inode: 2, size: 3, modified: 1_000_000_007, changed: 2_000_000_009)
        #expect(stamp.isOlder(than: 2_000_000_010))
        #expect(!stamp.isOlder(than: 2_000_000_009), "changed in the tick the clock reads now")
        #expect(!stamp.isOlder(than: 1_500_000_000), "changed after the clock's reading")
        var future = stamp
        future.modified = 3_000_000_000
        #expect(!future.isOlder(than: 2_500_000_000), "a modification time ahead of the clock")
        // Times in whole seconds: a file system that ticks in seconds; two seconds must have passed.
        let seconds = FileStamp(device: 1, inode: 2, size: 3, modified: 5_000_000_000, changed: 6_000_000_000)
        #expect(!seconds.isOlder(than: 6_000_000_001))
        #expect(!seconds.isOlder(than: 7_999_999_999))
        #expect(seconds.isOlder(than: 8_000_000_000))
    }

    @Test(
        "a save after a load whose status proves the file reads the file no more: no hash before the swap, none of the version swapped out"
    )
    func provenSaveReadsNothing() throws {
        let (folder, path) = try Self.listFile()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let reason = Self.ruleUnavailable(in: folder) {
            print("skipped: \(reason)")
            return
        }
        Self.waitForTheClock(toPass: path)
        HashPasses.start()
        let store = FileStore()
        let loaded = try #require(try store.load(location: path, kind: .person, fallback: .person))
        let known = try #require(Self.fileVersion(loaded.version))
        #expect(known.stamp == FileStamp(Self.status(path)))
        let now = try store.version(at: path, known: loaded.version)
        #expect(now == loaded.version)
        var more = Self.people
        more.append(Record(id: RecordID(high: 1, low: 9), values: [.text("New"), .text("")]))
        _ = try store.write(.whole(more, kind: .person, format: .json), to: path, replacing: .version(now))
        #expect(HashPasses.count(under: folder) == 0, "passes over the file: \(HashPasses.count(under: folder))")
        #expect(FileStoreReplacingTests.contents(path).contains("New"))
        #expect(FileStoreReplacingTests.leftovers(folder).isEmpty)
    }

    @Test(
        "a file read in the same tick as its last change gets no stamp: rewritten in place with the same size and time, it is found by its hash"
    )
    func sameTickRewriteIsHashed() throws {
        let (folder, path) = try Self.listFile()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        HashPasses.start()
        var store = FileStore()
        // The clock reads the file's change time: the read is within the tick of its last change.
        let changed = FileStamp(Self.status(path)).changed
        store.clock = { changed }
        let loaded = try #require(try store.load(location: path, kind: .person, fallback: .person))
        #expect(Self.fileVersion(loaded.version)?.stamp == nil)
        let text = FileStoreReplacingTests.contents(path)
        Self.rewriteInPlace(path, with: text.replacingOccurrences(of: "P1", with: "Q1"))
        let before = HashPasses.count(under: folder)
        let now = try #require(try store.version(at: path, known: loaded.version))
        #expect(HashPasses.count(under: folder) == before + 1)
        #expect(!now.sameContents(as: try #require(loaded.version)))
    }

    @Test("a stamped file rewritten in place with the same size and time is seen by its change time, then hashed")
    func stampedRewriteInPlaceIsSeen() throws {
        let (folder, path) = try Self.listFile()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let reason = Self.ruleUnavailable(in: folder) {
            print("skipped: \(reason)")
            return
        }
        Self.waitForTheClock(toPass: path)
        HashPasses.start()
        let store = FileStore()
        let loaded = try #require(try store.load(location: path, kind: .person, fallback: .person))
        #expect(Self.fileVersion(loaded.version)?.stamp != nil)
        let text = FileStoreReplacingTests.contents(path)
        Self.rewriteInPlace(path, with: text.replacingOccurrences(of: "P1", with: "Q1"))
        let now = try #require(try store.version(at: path, known: loaded.version))
        #expect(HashPasses.count(under: folder) == 1)
        #expect(!now.sameContents(as: try #require(loaded.version)))
        #expect(Self.fileVersion(now)?.modified == Self.fileVersion(loaded.version)?.modified)
    }

    @Test(
        "a stamped file replaced by another (another inode) of the same size and time is hashed: other contents are a change, the same contents are not"
    )
    func anotherInodeIsSeen() throws {
        let (folder, path) = try Self.listFile()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let reason = Self.ruleUnavailable(in: folder) {
            print("skipped: \(reason)")
            return
        }
        Self.waitForTheClock(toPass: path)
        HashPasses.start()
        let store = FileStore()
        let loaded = try #require(try store.load(location: path, kind: .person, fallback: .person))
        let known = try #require(loaded.version)
        #expect(Self.fileVersion(known)?.stamp != nil)
        let text = FileStoreReplacingTests.contents(path)
        let before = Self.status(path)
        // The old file is kept (linked), so its inode is not handed to a new file: a reused
        // inode would be caught by its change time instead.
        unsafe #expect(link(path, folder + "/old") == 0)
        for (contents, changes) in [(text, false), (text.replacingOccurrences(of: "P2", with: "Q2"), true)] {
            try FileStoreReplacingTests.replace(path, with: contents)
            var times = [before.st_atim, before.st_mtim]
            unsafe #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
            #expect(Self.status(path).st_ino != before.st_ino)
            let now = try #require(try store.version(at: path, known: known))
            #expect(now.sameContents(as: known) == !changes)
        }
        #expect(HashPasses.count(under: folder) == 2)
    }

    @Test(
        "a stamped version swapped out by a save is still checked: another program's file of the same size and time, renamed in after the merge, is hashed and swapped back",
        arguments: [true, false])
    func stampedSaveStillFindsAnotherVersion(exchanges: Bool) throws {
        let (folder, path) = try Self.listFile()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let reason = Self.ruleUnavailable(in: folder) {
            print("skipped: \(reason)")
            return
        }
        Self.waitForTheClock(toPass: path)
        let store = FileStore()
        let loaded = try #require(try store.load(location: path, kind: .person, fallback: .person))
        let known = try #require(Self.fileVersion(loaded.version))
        #expect(known.stamp != nil)
        let before = Self.status(path)
        let theirs = FileStoreReplacingTests.contents(path).replacingOccurrences(of: "P1", with: "Q1")
        try FileStoreReplacingTests.replace(path, with: theirs)
        var times = [before.st_atim, before.st_mtim]
        unsafe #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(throws: StorageError.changedMeanwhile(location: path)) {
            try FileStoreReplacingTests.write(Self.people, to: path, expecting: .version(known), exchanges: exchanges)
        }
        #expect(FileStoreReplacingTests.contents(path) == theirs)
        #expect(FileStoreReplacingTests.leftovers(folder).isEmpty)
    }

    @Test("a large file a save wrote is stamped, so the next save reads it no more")
    func largeSaveIsStamped() throws {
        let folder = FileStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let reason = Self.ruleUnavailable(in: folder) {
            print("skipped: \(reason)")
            return
        }
        let path = folder + "/list.json"
        let note = String(repeating: "n", count: 5_000)
        let records = RecordList(
            (0..<1_000).map { Record(id: RecordID(high: 2, low: UInt64($0)), values: [.text("P\($0)"), .text(note)]) })
        HashPasses.start()
        let store = FileStore()
        let saved = try store.save(records, kind: .person, format: .json, to: path)
        let file = try #require(Self.fileVersion(saved))
        #expect(file.size >= AtomicFile.stampWaitSize)
        #expect(file.stamp == FileStamp(Self.status(path)))
        let again = try store.write(.whole(records, kind: .person, format: .json), to: path, replacing: .version(saved))
        #expect(try store.version(at: path, known: again) == again)
        #expect(HashPasses.count(under: folder) == 0)
    }
}
