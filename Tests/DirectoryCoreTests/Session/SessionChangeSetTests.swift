import Testing

@testable import DirectoryCore

@Suite("Session: the change set a save sends")
struct SessionChangeSetTests {
    @Test("added (with the record each follows), changed and deleted records, and nothing after a save")
    func changeSet() throws {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        try session.run("save")
        #expect(session.listChanges.isEmpty)
        let ids = session.records.map(\.id)
        try session.run("edit 2", "set office Briggs 500", "delete 3", "new Newcomer", "new Second")
        let changes = session.listChanges
        #expect(changes.changed.map(\.id) == [ids[1]])
        #expect(changes.changed.first?.values[1] == .text("Briggs 500"))
        #expect(changes.deleted == [ids[2]])
        #expect(changes.added.map { $0.record.values[0] } == [.text("Newcomer"), .text("Second")])
        #expect(changes.added.first?.after == ids[1])
        #expect(changes.added.last?.after == changes.added.first?.record.id)
        try session.run("save")
        #expect(session.listChanges.isEmpty)
    }

    @Test("a record added and deleted again, or changed and changed back, is no change")
    func cancelledEdits() throws {
        var session = try Session.test(store: MemoryStore())
        try session.run("save", "new Brief", "delete 4", "edit 1", "set office Elsewhere", "set office Steitz 131")
        #expect(session.listChanges.isEmpty)
    }

    @Test("a store that keeps refusing with changedMeanwhile makes the save fail, with the edits kept")
    func changedMeanwhileGivesUp() throws {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        try session.run("save", "new Kept")
        store.failure.withLock { $0 = .changedMeanwhile(path: "/data/directory.plist") }
        #expect(throws: SessionError.self) { try session.run("save") }
        #expect(session.hasUnsavedChanges)
    }
}
