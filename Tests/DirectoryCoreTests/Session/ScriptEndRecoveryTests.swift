import Testing

@testable import DirectoryCore

/// What a script's end does with the recovery journal (`Session.endScriptRecovery()`): kept
/// when the last save failed, a typed one's or autosave's, else removed.
@Suite("Session: the recovery journal when a script ends")
struct ScriptEndRecoveryTests {
    /// A session on a saved file that keeps its journal in `journals`.
    func session(_ store: MemoryStore, _ journals: MemoryRecoveryStore) throws -> Session {
        var first = try Session.test(store: store)
        try first.run("save")
        var session = try Session.test(store: store)
        session.keepRecoveryJournal(in: journals)
        return session
    }

    /// Whether `line` fails in `session` (a change whose autosave fails is made, then throws).
    func fails(_ line: String, in session: inout Session) -> Bool {
        do {
            try session.run(line)
            return false
        } catch {
            return true
        }
    }

    @Test("a failed autosave counts as a failed save: the script's end keeps the journal")
    func failedAutosaveKeepsJournal() throws {
        let store = MemoryStore()
        let journals = MemoryRecoveryStore()
        var session = try self.session(store, journals)
        session.autosave = true
        store.failure.withLock { $0 = .writeFailed(path: "/data/directory.plist", reason: "read-only") }
        let added = fails("new Kim Tran", in: &session)
        let set = fails("set office Steitz 9", in: &session)
        #expect(added && set)
        #expect(session.lastSaveFailed)
        let kept = session.endScriptRecovery()
        #expect(kept)
        let bytes = try #require(journals.journal)
        let journal = try #require(RecoveryJournal.decode(bytes))
        #expect(journal.changes.count == 1)
    }

    @Test("an autosave that works after one that failed: the script's end removes the journal")
    func autosaveAfterFailureRemovesJournal() throws {
        let store = MemoryStore()
        let journals = MemoryRecoveryStore()
        var session = try self.session(store, journals)
        session.autosave = true
        store.failure.withLock { $0 = .writeFailed(path: "/data/directory.plist", reason: "read-only") }
        let added = fails("new Kim Tran", in: &session)
        #expect(added)
        store.failure.withLock { $0 = nil }
        try session.run("new Lee Park")
        #expect(!session.lastSaveFailed)
        #expect(!session.hasUnsavedChanges)
        let kept = session.endScriptRecovery()
        #expect(!kept)
        #expect(journals.journal == nil)
    }

    @Test("a failed typed save keeps the journal; unsaved changes with no failed save do not")
    func typedSaveFailure() throws {
        let store = MemoryStore()
        let journals = MemoryRecoveryStore()
        var unsaved = try self.session(store, journals)
        try unsaved.run("new Kim Tran")
        let kept = unsaved.endScriptRecovery()
        #expect(!kept)
        #expect(journals.journal == nil)
        var failing = try self.session(store, journals)
        try failing.run("new Kim Tran")
        store.failure.withLock { $0 = .writeFailed(path: "/data/directory.plist", reason: "read-only") }
        let saveFailed = fails("save", in: &failing)
        #expect(saveFailed)
        let keptFailing = failing.endScriptRecovery()
        #expect(keptFailing)
        #expect(journals.journal != nil)
    }
}
