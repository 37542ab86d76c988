import Synchronization
import Testing

@testable import DirectoryCore

@Suite("Session: merging what a store tells changed, without reading the whole list")
struct SessionMergeChangesTests {
    /// A session on a `DeltaStore` saved once, and the ids of its three records.
    static func saved() throws -> (Session, DeltaStore, [RecordID]) {
        let store = DeltaStore()
        var session = try Session(
            location: "/data/directory.plist", kind: nil, store: store, environment: .fixed(now: 0))
        try session.run("save")
        return (session, store, session.records.map(\.id))
    }

    @Test("a save after another session changed a person merges from the rows alone: no load of the whole list")
    func saveMergesDelta() throws {
        var (session, store, ids) = try Self.saved()
        let theirs = Record(id: ids[1], values: [.text("Joe Gregg"), .text("Briggs 500")])
        store.saveOthers(changing: theirs, after: ids[0])
        try session.run("edit 1", "set office Steitz 200")
        let loads = store.loads
        let output = try session.run("save")
        #expect(store.loads == loads, "the whole list was read again")
        guard case .warning(let text) = output else {
            Issue.record("the save did not report the merge: \(output)")
            return
        }
        #expect(text.contains("changed 'Joe Gregg'"))
        let saved = try #require(store.files.file("/data/directory.plist")).records
        #expect(saved[0].values[1] == .text("Steitz 200"))
        #expect(saved[1].values[1] == .text("Briggs 500"))
    }

    @Test("a change the other session saved the same way as this one is not reported as taken (trial 9, finding 5)")
    func sameChangeNotReported() throws {
        var (session, store, ids) = try Self.saved()
        store.saveOthers(changing: Record(id: ids[1], values: [.text("Joe Gregg"), .text("Same")]), after: ids[0])
        try session.run("edit 2", "set office Same")
        let output = try session.run("save")
        guard case .feedback(let text) = output else {
            Issue.record("the save reported a merge: \(output)")
            return
        }
        #expect(text == "Saved 3 people to directory.plist.")
    }

    @Test("refresh takes in an added and a deleted record from the rows, and a same-field edit conflicts")
    func refreshAndConflict() throws {
        var (session, store, ids) = try Self.saved()
        let added = Record(id: RecordID(high: 7, low: 7), values: [.text("New One"), .text("")])
        store.delta.withLock {
            $0 = ListDelta(
                rows: [.init(record: added, after: ids[0])], deleted: [ids[2]],
                version: $0?.version ?? .counter(99))
        }
        store.bump()
        _ = try session.run("refresh")
        #expect(session.records.map(\.id) == [ids[0], added.id, ids[1]])
        try session.run("edit 3", "set office Mine")
        store.saveOthers(changing: Record(id: ids[1], values: [.text("Joe Gregg"), .text("Theirs")]), after: added.id)
        #expect(throws: SessionError.self) { try session.run("save") }
        _ = try session.run("save!")
        let saved = try #require(store.files.file("/data/directory.plist")).records
        #expect(saved.first { $0.id == ids[1] }?.values[1] == .text("Mine"))
    }
}

/// A store in memory that tells what others saved as a delta, and counts whole loads.
final class DeltaStore: ListStore {
    let files = MemoryStore()
    let delta = Mutex<ListDelta?>(nil)
    private let loadCount = Mutex(0)
    private let version = Mutex<UInt64>(1)
    var loads: Int { loadCount.withLock { $0 } }

    /// Another session saves `record` (following `after`): the list holds it, and the delta says so.
    func saveOthers(changing record: Record, after: RecordID?) {
        guard var list = files.file("/data/directory.plist")?.records else { return }
        if let index = list.firstIndex(where: { $0.id == record.id }) { list[index] = record }
        _ = try? files.save(RecordList(list), kind: .person, format: .binaryPlist, to: "/data/directory.plist")
        delta.withLock {
            $0 = ListDelta(
                rows: [.init(record: record, after: after)], deleted: [],
                version: .counter(0))
        }
        bump()
    }

    /// Makes the list's version (and the delta's) a new one.
    func bump() {
        let next = version.withLock {
            $0 += 1
            return $0
        }
        delta.withLock { $0?.version = .counter(Int64(next)) }
    }

    func version(at path: String, known: ListVersion?) throws(StorageError) -> ListVersion? {
        guard files.file(path) != nil else { return nil }
        return .counter(Int64(version.withLock { $0 }))
    }

    func changes(at path: String, kind: ListKind, since known: ListVersion) throws(StorageError)
        -> ListDelta?
    { delta.withLock { $0 } }

    func load(location path: String, kind: ListKind?, fallback: ListKind) throws(StorageError) -> LoadedList? {
        loadCount.withLock { $0 += 1 }
        guard var loaded = try files.load(location: path, kind: kind, fallback: fallback) else { return nil }
        loaded.version = try version(at: path, known: nil)
        return loaded
    }

    var medium: StoreMedium { .file }

    func write(_ list: ListWrite, to path: String, replacing: ListWrite.Replacing) throws(StorageError) -> ListVersion {
        _ = try files.write(list, to: path, replacing: replacing)
        bump()
        return .counter(Int64(version.withLock { $0 }))
    }

    func lock(location path: String) throws(StorageError) -> ListLock { ListLock {} }
    func readBytes(path: String) throws(StorageError) -> [UInt8] { try files.readBytes(path: path) }
    func writeBytes(_ bytes: [UInt8], to path: String) throws(StorageError) { try files.writeBytes(bytes, to: path) }
}
