import Foundation
import Synchronization
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// Journals on disk: private files in a private folder, held by their session with
/// `flock`, so only the journal of a session that ended is offered.
struct FileRecoveryStoreTests {
    func temporaryFolder() -> String {
        let path = FileManager.default.temporaryDirectory.path + "/recovery-store-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test("a live journal is hidden and an ended one offered")
    func aLiveJournalIsHiddenAndAnEndedOneOffered() throws {
        let base = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let folder = base + "/state/directory/recovery"
        let list = base + "/people.json"
        var live: FileRecoveryStore? = FileRecoveryStore(folder: folder, pid: 4242, now: { 0 })
        live?.append([1, 2, 3], location: list, kind: "person")
        #expect(live?.sync() == nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.count == 1)
        #expect(names.first?.hasSuffix("-4242.journal") == true)
        #expect(try mode(folder) == 0o700)
        #expect(try mode(folder + "/" + (names.first ?? "")) == 0o600)
        let other = FileRecoveryStore(folder: folder, pid: 4343, now: { 0 })
        #expect(other.orphans(of: list).isEmpty)
        #expect(other.orphans(of: "people.json").isEmpty)
        live = nil  // the session ends without removing its journal, as kill -9 would
        let orphans = other.orphans(of: list)
        #expect(orphans.count == 1)
        #expect(RecoveryJournal.decode(orphans.first?.bytes ?? [])?.location == list)
        other.remove(try #require(orphans.first))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("a session keeps one journal, and removeJournal deletes it")
    func removeJournalDeletesTheSessionsOwn() throws {
        let base = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let store = FileRecoveryStore(folder: base + "/recovery", pid: 1, now: { 0 })
        store.append([9], location: base + "/a.json", kind: "person")
        store.append([9], location: base + "/b.json", kind: "person")  // another list: a new journal
        #expect(try FileManager.default.contentsOfDirectory(atPath: base + "/recovery").count == 1)
        store.removeJournal()
        #expect(try FileManager.default.contentsOfDirectory(atPath: base + "/recovery").isEmpty)
    }

    @Test("a folder others can write is refused once")
    func aFolderOthersCanWriteIsRefusedOnce() throws {
        let base = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let folder = base + "/recovery"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        unsafe chmod(folder, 0o777)
        let store = FileRecoveryStore(folder: folder, pid: 1, now: { 0 })
        store.append([9], location: base + "/a.json", kind: "person")
        #expect(store.sync()?.contains("others can write to") == true)
        #expect(store.sync() == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("a relative path and its absolute form are one list")
    func aRelativePathAndItsAbsoluteFormAreOneList() {
        let cwd = FileManager.default.currentDirectoryPath
        #expect(RecoveryLocation.of("people.json") == RecoveryLocation.of(cwd + "/people.json"))
        #expect(RecoveryLocation.of("./people.json") == RecoveryLocation.of(cwd + "/people.json"))
    }

    /// What a watching thread saw while sessions started: whether to stop, and how many
    /// times it was offered a journal of a session that had not ended.
    final class Watch: Sendable {
        let stop = Mutex(false)
        let offered = Mutex(0)
    }

    @Test("a journal being created is never offered as an ended session's, and is locked from the start")
    func aJournalBeingCreatedIsNeverOfferedAndIsLockedFromTheStart() throws {
        let base = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let folder = base + "/recovery"
        let list = base + "/people.json"
        #expect(RecoveryFolder.prepare(folder) == nil)
        let watch = Watch()
        let watcher = Thread {
            // Another session starting on the same list, looking for journals of ended ones.
            let other = FileRecoveryStore(folder: folder, pid: 1, now: { 0 })
            while !watch.stop.withLock({ $0 }) {
                let found = other.orphans(of: list).count
                if found > 0 { watch.offered.withLock { $0 += found } }
            }
        }
        watcher.start()
        var unlocked = 0
        for session in 0..<400 {
            let store = FileRecoveryStore(folder: folder, pid: 1000 + session, now: { 0 })
            store.append([1], location: list, kind: "person")
            for name in RecoveryFolder.names(in: folder) where name.hasSuffix("-\(1000 + session).journal") {
                let file = unsafe open(folder + "/" + name, O_RDONLY)
                if flock(file, LOCK_EX | LOCK_NB) == 0 { unlocked += 1 }
                close(file)
            }
            store.removeJournal()
        }
        watch.stop.withLock { $0 = true }
        while watcher.isExecuting || !watcher.isFinished { Thread.sleep(forTimeInterval: 0.001) }
        #expect(watch.offered.withLock { $0 } == 0)
        #expect(unlocked == 0)
        #expect(RecoveryFolder.names(in: folder).isEmpty)
    }
}
