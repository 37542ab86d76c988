import Testing

@testable import DirectoryCore

/// A recovery journal is recovered only into the list it was written for: one written for
/// another list now at the same location (a file replaced, or renamed after the crash) is
/// refused unless `recover!` insists.
@Suite("Session: the list a recovery journal belongs to")
struct SessionRecoveryIdentityTests {
    /// The journals of a session on `store` that made `line` unsaved and was killed.
    func crashed(on store: MemoryStore, _ line: String) throws -> MemoryRecoveryStore {
        let journals = MemoryRecoveryStore()
        var session = try Session.test(store: store)
        session.keepRecoveryJournal(in: journals)
        try session.run(line)
        session.flushRecovery()
        journals.crash()
        return journals
    }

    /// A store whose list was saved by a session that ran `lines` on the sample list first.
    func saved(_ lines: String...) throws -> MemoryStore {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        for line in lines { try session.run(line) }
        try session.run("save")
        return store
    }

    @Test("a journal notes ids of the list's saved records in its header")
    func journalNotesWitnesses() throws {
        let store = try saved()
        let journals = try crashed(on: store, "new Kim Tran")
        let journal = try #require(journals.ended.first.flatMap { RecoveryJournal.decode($0.bytes) })
        let session = try Session.test(store: store)
        #expect(journal.witnesses == Array(session.records.map(\.id).prefix(3)))
    }

    @Test("a journal of another list at the same location is refused, said in the notice, and kept")
    func anotherListIsRefused() throws {
        let journals = try crashed(on: try saved(), "new Kim Tran")
        let other = try saved("delete 1-3", "new Other One", "new Other Two")
        var session = try Session.test(store: other)
        session.keepRecoveryJournal(in: journals)
        let notice = try #require(session.recoveryNotice)
        #expect(notice.contains("it was written for another list at this location"), "\(notice)")
        do {
            try session.run("recover")
            Issue.record("recover brought in a journal of another list")
        } catch let error as SessionError {
            #expect(
                error.message.contains(
                    "the journal was written for another list at this location: none of the 3 saved people it "
                        + "noted is in directory.plist"), "\(error.message)")
        } catch {
            Issue.record("recover failed otherwise: \(error)")
        }
        #expect(session.names == ["Other One", "Other Two"])
        #expect(journals.ended.count == 1)
        try session.run("recover!")
        #expect(session.names == ["Other One", "Other Two", "Kim Tran"])
    }

    @Test("a journal of the same list recovers though the list moved on, one noted record still in it")
    func sameListMovedOnRecovers() throws {
        let store = try saved()
        let journals = try crashed(on: store, "new Kim Tran")
        var other = try Session.test(store: store)
        try other.run("delete 1-2", "save")
        var session = try Session.test(store: store)
        session.keepRecoveryJournal(in: journals)
        #expect(session.recoveryNotice?.contains("another list") == false)
        try session.run("recover")
        #expect(session.names.last == "Kim Tran")
    }
}
