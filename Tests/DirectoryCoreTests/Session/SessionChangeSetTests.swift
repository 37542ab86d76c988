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
            var session = try Session(
                path: "/data/directory.plist", schema: nil, store: store, environment: .fixed(now: 0))
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

/// A store over `MemoryStore` that says whether it reads change sets and keeps the last one it got.
final class ChangeSetStore: ListStore {
    let files = MemoryStore()
    let asks: Bool
    private let last = Mutex<ListChanges?>(nil)
    /// The change set the last save was sent.
    var received: ListChanges? { last.withLock { $0 } }

    init(asks: Bool) { self.asks = asks }

    func savesChangeSet(to path: String) -> Bool { asks }

    func save(
        _ changes: ListChanges, giving records: ListRecords, schema: RecordSchema, format: FileFormat,
        to path: String, known: ListVersion?
    ) throws(StorageError) -> ListVersion {
        last.withLock { $0 = changes }
        return try files.save(records, schema: schema, format: format, to: path)
    }

    func load(location path: String, schema: RecordSchema?, fallback: RecordSchema) throws(StorageError) -> LoadedList?
    {
        try files.load(location: path, schema: schema, fallback: fallback)
    }

    func save(_ records: ListRecords, schema: RecordSchema, format: FileFormat, to path: String) throws(StorageError)
        -> ListVersion
    { try files.save(records, schema: schema, format: format, to: path) }

    func version(at path: String, known: ListVersion?) throws(StorageError) -> ListVersion? {
        try files.version(at: path, known: known)
    }

    func lock(location path: String) throws(StorageError) -> ListLock { ListLock {} }
    func readBytes(path: String) throws(StorageError) -> [UInt8] { try files.readBytes(path: path) }
    func writeBytes(_ bytes: [UInt8], to path: String) throws(StorageError) { try files.writeBytes(bytes, to: path) }
}
