import Synchronization
import Testing

@testable import DirectoryCore

@Suite("Session: the change set a save sends")
struct SessionChangeSetTests {
    @Test("added (with the record each follows), changed and deleted records, and nothing after a save")
    func changeSet() throws {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        try session.run("save")
        #expect(session.list.listChanges.isEmpty)
        let ids = session.records.map(\.id)
        try session.run("edit 2", "set office Briggs 500", "delete 3", "new Newcomer", "new Second")
        let changes = session.list.listChanges
        #expect(changes.changed.map(\.id) == [ids[1]])
        #expect(changes.changed.first?.values[1] == .text("Briggs 500"))
        #expect(changes.deleted == [ids[2]])
        #expect(changes.added.map { $0.record.values[0] } == [.text("Newcomer"), .text("Second")])
        #expect(changes.added.first?.after == ids[1])
        #expect(changes.added.last?.after == changes.added.first?.record.id)
        try session.run("save")
        #expect(session.list.listChanges.isEmpty)
    }

    @Test("a record added and deleted again, or changed and changed back, is no change")
    func cancelledEdits() throws {
        var session = try Session.test(store: MemoryStore())
        try session.run("save", "new Brief", "delete 4", "edit 1", "set office Elsewhere", "set office Steitz 131")
        #expect(session.list.listChanges.isEmpty)
    }

    @Test("a store that keeps refusing with changedMeanwhile makes the save fail, with the edits kept")
    func changedMeanwhileGivesUp() throws {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        try session.run("save", "new Kept")
        store.failure.withLock { $0 = .changedMeanwhile(location: "/data/directory.plist") }
        #expect(throws: SessionError.self) { try session.run("save") }
        #expect(session.hasUnsavedChanges)
    }

    @Test("a store that writes only changes is sent the change set; one that writes the whole list is not")
    func changeSetOnlyWhereAsked() throws {
        for asks in [true, false] {
            let store = ChangeSetStore(asks: asks)
            // A store that writes changes holds a list from the start (a database with no
            // tables is an empty list), so the session's first save is a change set too.
            let people = ListKind.person.samples.indices.map { index in
                Record(id: RecordID(high: 7, low: UInt64(index)), values: ListKind.person.samples[index])
            }
            store.files.put("/data/directory.plist", records: people)
            var session = try Session(
                location: "/data/directory.plist", kind: nil, store: store, environment: .fixed(now: 0))
            try session.run("save", "new Kim", "edit 1", "set office Far")
            let expected = session.list.listChanges
            try session.run("save")
            #expect(store.received == (asks ? expected : ListChanges()))
            #expect(store.files.file("/data/directory.plist")?.records.count == 4)
        }
    }
}

/// The type `ListStore` hands a list of records in (`LoadedList.records`).
typealias ListRecords = RecordList

/// A store over `MemoryStore` that says whether it writes change sets, applies them to its
/// list, and keeps the last one it got (an empty one for a whole-list write).
final class ChangeSetStore: ListStore {
    let files = MemoryStore()
    let asks: Bool
    private let last = Mutex<ListChanges?>(nil)
    /// The change set the last save was sent.
    var received: ListChanges? { last.withLock { $0 } }

    init(asks: Bool) { self.asks = asks }

    var medium: StoreMedium { .file }
    var writesChanges: Bool { asks }

    func write(_ list: ListWrite, to path: String, replacing: ListWrite.Replacing) throws(StorageError) -> ListVersion {
        switch list {
        case .whole(let records, let kind, let format):
            last.withLock { $0 = ListChanges() }
            return try files.save(records, kind: kind, format: format, to: path)
        case .changes(let changes, let kind):
            last.withLock { $0 = changes }
            var records = files.file(path)?.records ?? []
            let deleted = Set(changes.deleted)
            records.removeAll { deleted.contains($0.id) }
            for record in changes.changed {
                if let index = records.firstIndex(where: { $0.id == record.id }) { records[index] = record }
            }
            for addition in changes.added {
                let index = addition.after.flatMap { after in records.firstIndex { $0.id == after } }
                records.insert(addition.record, at: index.map { $0 + 1 } ?? 0)
            }
            if let order = changes.order {
                let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                records = order.compactMap { byID[$0] }
            }
            return try files.save(
                RecordList(records), kind: kind, format: files.file(path)?.format ?? .binaryPlist, to: path)
        }
    }

    func load(location path: String, kind: ListKind?, fallback: ListKind) throws(StorageError) -> LoadedList? {
        try files.load(location: path, kind: kind, fallback: fallback)
    }

    func version(at path: String, known: ListVersion?) throws(StorageError) -> ListVersion? {
        try files.version(at: path, known: known)
    }

    func lock(location path: String) throws(StorageError) -> ListLock { ListLock {} }
    func readBytes(path: String) throws(StorageError) -> [UInt8] { try files.readBytes(path: path) }
    func writeBytes(_ bytes: [UInt8], to path: String) throws(StorageError) { try files.writeBytes(bytes, to: path) }
}
