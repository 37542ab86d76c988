import Testing

@testable import DirectoryCore

/// `recover` as one change: `undo` takes all it brought back, `redo` makes it again, and the
/// journals it took in stay until a save holds their changes (trial 10, finding 4).
@Suite("Session: undoing recover")
struct SessionRecoverUndoTests {
    /// A saved file of the three sample people.
    func savedFile() throws -> MemoryStore {
        let store = MemoryStore()
        var first = try Session.test(store: store)
        try first.run("save")
        return store
    }

    /// A session on `store` that keeps its journal in `journals`.
    func session(_ store: MemoryStore, _ journals: MemoryRecoveryStore) throws -> Session {
        var session = try Session.test(store: store)
        session.keepRecoveryJournal(in: journals)
        return session
    }

    /// The journals left by a session on `store` that ran `lines` and was then killed.
    func crashedSession(on store: MemoryStore, _ lines: String...) throws -> MemoryRecoveryStore {
        let journals = MemoryRecoveryStore()
        var crashed = try session(store, journals)
        for line in lines { try crashed.run(line) }
        crashed.flushRecovery()
        journals.crash()
        return journals
    }

    @Test("undo takes the whole recover back to the list before it; redo brings it back")
    func undoAndRedo() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "new Kim Tran", "edit 1", "set office Steitz 9", "delete 2")
        var session = try self.session(store, journals)
        let before = session.records
        try session.run("recover")
        let recovered = session.records
        #expect(session.names == ["Acacia Ackles", "Kurt Krebsbach", "Kim Tran"])
        #expect(session.unsavedChanges().count == 3)
        guard case .feedback(let undone) = try session.run("undo") else {
            Issue.record("undo said nothing")
            return
        }
        #expect(undone == "Undid 'recover'.")
        #expect(session.records == before)
        #expect(!session.hasUnsavedChanges)
        try session.run("redo")
        #expect(session.records == recovered)
        #expect(session.unsavedChanges().count == 3)
        try session.run("save")
        #expect(store.file("/data/directory.plist")?.records.count == 3)
    }

    @Test("an undone recover's journal is offered again, to this session and the next, until a recover is saved")
    func undoneJournalIsOfferedAgain() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "new Kim Tran")
        var session = try self.session(store, journals)
        try session.run("recover")
        #expect(session.recoveryNotice == nil)
        try session.run("undo")
        #expect(session.recoveryNotice?.contains("1 unsaved change to directory.plist") == true)
        session.flushRecovery()
        session.endRecovery()  // `quit`: nothing unsaved
        #expect(journals.journal == nil)
        #expect(journals.ended.count == 1)

        var next = try self.session(store, journals)
        #expect(next.recoveryNotice != nil)
        try next.run("recover", "undo", "recover")  // taken in again, as a new change
        #expect(next.names.last == "Kim Tran")
        try next.run("save")
        #expect(journals.ended.isEmpty)
        #expect(try self.session(store, journals).recoveryNotice == nil)
    }

    @Test("a save while the recover is undone writes without its changes and keeps its journal")
    func saveWhileUndoneKeepsTheJournal() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "new Kim Tran")
        var session = try self.session(store, journals)
        try session.run("recover", "undo", "new Lee Park", "save")
        #expect(store.file("/data/directory.plist")?.records.count == 4)
        #expect(journals.ended.count == 1)
        #expect(session.recoveryNotice?.contains("1 unsaved change") == true)
    }

    @Test("undo takes back only the recover: an edit made before it stays, and one after it goes first")
    func undoStopsAtTheRecover() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "edit 1", "set office Steitz 9")
        var session = try self.session(store, journals)
        try session.run("new Lee Park", "recover", "edit 2", "set office Briggs 1")
        #expect(session.records[0].values[1] == .text("Steitz 9"))
        try session.run("undo")
        #expect(session.records[1].values[1] != .text("Briggs 1"))
        #expect(session.records[0].values[1] == .text("Steitz 9"))
        try session.run("undo")
        #expect(session.records[0].values[1] != .text("Steitz 9"))
        #expect(session.names.last == "Lee Park")
        #expect(session.unsavedChanges().count == 1)
    }

    @Test("a recovered order is undone with the rest")
    func recoveredOrderIsUndone() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "new Zed", "move 4 to 1")
        var session = try self.session(store, journals)
        try session.run("recover")
        #expect(session.names == ["Zed", "Acacia Ackles", "Joe Gregg", "Kurt Krebsbach"])
        try session.run("undo")
        #expect(session.names == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach"])
        #expect(!session.hasUnsavedChanges)
        try session.run("redo")
        #expect(session.names == ["Zed", "Acacia Ackles", "Joe Gregg", "Kurt Krebsbach"])
    }

    @Test("this session's journal follows: after undo it holds nothing recovered, after redo all of it")
    func ownJournalFollowsUndoAndRedo() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "new Kim Tran", "edit 1", "set office Steitz 9")
        var session = try self.session(store, journals)
        try session.run("recover", "undo")
        session.flushRecovery()
        let undone = journals.journal.flatMap(RecoveryJournal.decode)
        #expect(undone.map { $0.changes.allSatisfy { $0.now == $0.saved } } ?? true)
        try session.run("redo")
        session.flushRecovery()
        let redone = try #require(journals.journal.flatMap(RecoveryJournal.decode))
        #expect(redone.changes.filter { $0.now != $0.saved }.count == 2)
    }

    @Test("a script's end after recover keeps its own journal, which holds the changes, and drops the one taken in")
    func scriptEndAfterRecover() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "new Kim Tran")
        var session = try self.session(store, journals)
        try session.run("recover")
        let kept = session.endScriptRecovery()
        #expect(kept)
        #expect(journals.ended.isEmpty)
        journals.crash()
        var next = try self.session(store, journals)
        try next.run("recover")
        #expect(next.names.last == "Kim Tran")
    }

    @Test("a script's end after an undone recover keeps the journal it took in, as it was")
    func scriptEndAfterUndoneRecover() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "new Kim Tran")
        let original = journals.ended
        var session = try self.session(store, journals)
        try session.run("recover", "undo")
        let kept = session.endScriptRecovery()
        #expect(!kept)
        #expect(journals.ended == original)
    }

    @Test("with autosave, an undo of the recover after its save still finds the journal; a typed save removes it")
    func autosaveKeepsTheJournalForUndo() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "new Kim Tran")
        var session = try self.session(store, journals)
        session.autosave = true
        try session.run("recover")
        #expect(store.file("/data/directory.plist")?.records.count == 4)
        #expect(journals.ended.count == 1)
        try session.run("undo")
        #expect(store.file("/data/directory.plist")?.records.count == 3)
        session.endRecovery()
        #expect(journals.ended.count == 1)

        var typed = try self.session(store, journals)
        typed.autosave = true
        try typed.run("recover", "save")
        #expect(journals.ended.isEmpty)
    }

    @Test("with autosave, a session that ends with the recover in effect removes the journal it took in")
    func autosaveThenQuitRemovesTheJournal() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "new Kim Tran")
        var session = try self.session(store, journals)
        session.autosave = true
        try session.run("recover")
        session.endRecovery()
        #expect(journals.ended.isEmpty)
        #expect(store.file("/data/directory.plist")?.records.count == 4)
    }
}
