import Testing

@testable import DirectoryCore

/// The recovery journal as the session keeps it, and `recover` / `discard` after a crash.
@Suite("Session: recovery journal")
struct SessionRecoveryTests {
    /// A saved file and a session on it that keeps its journal in `journals`.
    func session(_ store: MemoryStore, _ journals: MemoryRecoveryStore) throws -> Session {
        var session = try Session.test(store: store)
        session.keepRecoveryJournal(in: journals)
        return session
    }

    /// The journals left by a session on `store` that ran `lines` (flushing after each, as
    /// before each prompt) and was then killed.
    func crashedSession(on store: MemoryStore, _ lines: String...) throws -> MemoryRecoveryStore {
        let journals = MemoryRecoveryStore()
        var crashed = try session(store, journals)
        for line in lines {
            try crashed.run(line)
            crashed.flushRecovery()
        }
        journals.crash()
        return journals
    }

    func savedFile() throws -> MemoryStore {
        let store = MemoryStore()
        var first = try Session.test(store: store)
        try first.run("save")
        return store
    }

    @Test("the journal holds the changes once written, never while a change waits or after a write to it failed")
    func journalHoldsChangesOnlyWhenWritten() throws {
        let store = try savedFile()
        let journals = MemoryRecoveryStore()
        var session = try self.session(store, journals)
        try session.run("new Kim Tran")
        #expect(!session.journalHoldsChanges)
        session.flushRecovery()
        #expect(session.journalHoldsChanges)
        journals.fails = true
        #expect(!session.journalHoldsChanges)
        var withoutJournal = try Session.test(store: store)
        try withoutJournal.run("new Bo Li")
        #expect(!withoutJournal.journalHoldsChanges)
    }

    @Test("a script's end keeps no journal it says holds the changes when a write to it failed")
    func scriptEndWithAFailedJournalKeepsNothing() throws {
        let store = try savedFile()
        let journals = MemoryRecoveryStore()
        var session = try self.session(store, journals)
        try session.run("new Kim Tran")
        // After a failed save the script's end keeps the journal (its message said so)…
        session.lastSaveFailed = true
        var copy = session
        let keptWhenWritten = copy.endScriptRecovery()
        #expect(keptWhenWritten)
        // …but not one a write failed to, written before or not.
        journals.fails = true
        let keptWhenFailed = session.endScriptRecovery()
        #expect(!keptWhenFailed)
    }

    @Test("each change reaches the journal when flushed; a save removes it")
    func journalFollowsChanges() throws {
        let store = try savedFile()
        let journals = MemoryRecoveryStore()
        var session = try self.session(store, journals)
        try session.run("list")
        session.flushRecovery()
        #expect(journals.journal == nil)
        try session.run("new Kim Tran", "edit 1", "set office Steitz 9")
        #expect(session.hasPendingRecovery)
        session.flushRecovery()
        #expect(!session.hasPendingRecovery)
        #expect(journals.syncs == 1)
        let bytes = try #require(journals.journal)
        let journal = try #require(RecoveryJournal.decode(bytes))
        #expect(journal.changes.count == 2)
        try session.run("save")
        #expect(journals.journal == nil)
    }

    @Test("revert, and undo back to the file, leave nothing to recover")
    func revertAndUndo() throws {
        let store = try savedFile()
        let journals = MemoryRecoveryStore()
        var session = try self.session(store, journals)
        try session.run("new Kim Tran")
        session.flushRecovery()
        try session.run("revert")
        #expect(journals.journal == nil)
        try session.run("new Kim Tran", "delete 2")
        session.flushRecovery()
        try session.run("undo", "undo")
        session.flushRecovery()
        journals.crash()
        let next = try self.session(store, journals)
        #expect(next.recoveryNotice == nil)
        #expect(journals.ended.isEmpty)
    }

    @Test("after a crash: a notice, then recover replays the changes as unsaved changes; a second finds nothing")
    func recoverAfterCrash() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "new Kim Tran", "edit 1", "set office Steitz 9", "delete 3")
        var session = try self.session(store, journals)
        let notice = try #require(session.recoveryNotice)
        #expect(notice.contains("3 unsaved changes to directory.plist from a session that ended (pid 42)"))
        #expect(notice.contains("'recover'") && notice.contains("'discard'"))
        try session.run("recover")
        #expect(session.unsavedChanges().count == 3)
        #expect(session.names == ["Acacia Ackles", "Joe Gregg", "Kim Tran"])
        #expect(session.records[0].values[1] == .text("Steitz 9"))
        #expect(journals.ended.count == 1)  // until a save holds its changes
        #expect(journals.journal != nil)  // now this session's changes
        guard case .text(let again) = try session.run("recover") else {
            Issue.record("a second recover did something")
            return
        }
        #expect(again.hasPrefix("Nothing to recover"))
        try session.run("save")
        #expect(store.file("/data/directory.plist")?.records.count == 3)
        #expect(journals.ended.isEmpty)
    }

    @Test("recover merges with what was saved since, and refuses a conflict, keeping the journal")
    func recoverMergesAndRefusesConflicts() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "edit 1", "set office Steitz 9", "edit 2", "set name Joseph Gregg")
        var other = try Session.test(store: store)
        try other.run("edit 2", "set office Briggs 500", "save")
        var session = try self.session(store, journals)
        try session.run("recover")
        #expect(session.records[1].values == [.text("Joseph Gregg"), .text("Briggs 500")])
        #expect(session.records[0].values[1] == .text("Steitz 9"))

        let journals2 = try crashedSession(on: store, "edit 3", "set office Nowhere 1")
        var other2 = try Session.test(store: store)
        try other2.run("edit 3", "set office Somewhere 2", "save")
        var refused = try self.session(store, journals2)
        do {
            try refused.run("recover")
            Issue.record("the conflict was not refused")
        } catch let error as SessionError {
            #expect(error.message.contains("office is \"Nowhere 1\" here but \"Somewhere 2\" in the file"))
            #expect(error.message.contains("nothing was recovered"))
        }
        #expect(!refused.hasUnsavedChanges)
        #expect(journals2.ended.count == 1)
        try refused.run("discard")
        #expect(journals2.ended.isEmpty)
    }

    @Test("a damaged journal recovers what it can and says what it could not")
    func damagedJournal() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "new Kim Tran", "new Lee Park")
        journals.ended[0].bytes.removeLast(3)
        var session = try self.session(store, journals)
        guard case .warning(let text) = try session.run("recover") else {
            Issue.record("no warning about the damage")
            return
        }
        #expect(text.contains("Recovered 1 change"))
        #expect(text.contains("the journal was damaged: the last"))
        #expect(session.names.last == "Kim Tran")
    }

    @Test("a journal of another kind of list is refused")
    func otherKindRefused() throws {
        let store = try savedFile()
        let journals = MemoryRecoveryStore()
        var entry = RecoveryEntry(
            key: RecordKey(id: RecordID(high: 9, low: 9)), saved: nil,
            now: Record(id: RecordID(high: 9, low: 9), values: [.text("x"), .text(""), .date(0)]), position: 0)
        entry.position = 0
        let bytes =
            RecoveryJournal.header(location: "/data/directory.plist", kind: "bucket", pid: 1, started: 0)
            + RecoveryJournal.encode(entry)
        journals.ended = [RecoveryOrphan(name: "b", modified: 0, bytes: bytes)]
        var session = try self.session(store, journals)
        #expect(throws: SessionError.self) { try session.run("recover") }
        #expect(session.records.count == 3)
    }

    @Test("an editor change that edits, deletes, adds and reorders at once reaches the journal whole")
    func editorChangeIsJournaledWhole() throws {
        let store = try savedFile()
        let journals = MemoryRecoveryStore()
        var crashed = try session(store, journals)
        try crashed.editText { text in
            // Sample people: Acacia Ackles, Joe Gregg, Kurt Krebsbach. Kurt's line goes first with a
            // new office, Joe's line is removed, and a new person is added at the end.
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let kurt = lines[3].replacingOccurrences(of: "Briggs 411", with: "Sloan 1")
            lines = [lines[0], kurt, lines[1], "Kim Tran\tSteitz 9", ""]
            return lines.joined(separator: "\n")
        }
        crashed.flushRecovery()
        journals.crash()
        var session = try self.session(store, journals)
        try session.run("recover")
        #expect(session.names == ["Kurt Krebsbach", "Acacia Ackles", "Kim Tran"])
        #expect(session.records.first { $0.values[0] == .text("Kurt Krebsbach") }?.values[1] == .text("Sloan 1"))
        #expect(session.unsavedChanges().count == 4)  // and one "moved"
    }

    @Test("the order comes back too: a move, a sort, and a move alone with no other change")
    func orderIsRecovered() throws {
        let store = try savedFile()
        let moved = try crashedSession(on: store, "new Zed", "move 4 to 1")
        var session = try self.session(store, moved)
        #expect(session.recoveryNotice?.contains("1 unsaved change and the list's order") == true)
        try session.run("recover")
        #expect(session.names == ["Zed", "Acacia Ackles", "Joe Gregg", "Kurt Krebsbach"])
        #expect(session.hasUnsavedChanges)
        try session.run("quit!")

        let sorted = try crashedSession(on: store, "sort name desc")
        var second = try self.session(store, sorted)
        #expect(second.recoveryNotice?.contains("the list's unsaved order to directory.plist") == true)
        try second.run("recover")
        #expect(second.names == ["Kurt Krebsbach", "Joe Gregg", "Acacia Ackles"])
        #expect(second.hasUnsavedChanges)
        try second.run("save")
        #expect(store.file("/data/directory.plist")?.records.map { $0.values[0] }.first == .text("Kurt Krebsbach"))
    }

    @Test("a move undone leaves nothing to recover")
    func moveUndone() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "move 3 to 1", "undo")
        let session = try self.session(store, journals)
        #expect(session.recoveryNotice == nil)
    }

    @Test("recover! takes the journal's version where it conflicts, and recovers the rest with it")
    func forcedRecovery() throws {
        let store = try savedFile()
        let journals = try crashedSession(on: store, "edit 2", "set office Journal 1", "new Extra One", "delete 3")
        var other = try Session.test(store: store)
        try other.run("edit 2", "set office Disk 1", "edit 3", "set office Disk 3", "save")
        var session = try self.session(store, journals)
        #expect(throws: SessionError.self) { try session.run("recover") }
        #expect(session.names == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach"])
        try session.run("recover!")
        #expect(session.names == ["Acacia Ackles", "Joe Gregg", "Extra One"])
        #expect(session.records[1].values[1] == .text("Journal 1"))
        #expect(session.unsavedChanges().count == 3)
    }
    @Test("two journals that changed one field differently: recover names both; recover! keeps the later's and says so")
    func twoJournalsThatClash() throws {
        let store = try savedFile()
        let journals = MemoryRecoveryStore()
        for (pid, office, name) in [(42, "FromJ1", "Only One"), (43, "FromJ2", "Only Two")] {
            journals.pid = pid
            var crashed = try session(store, journals)
            try crashed.run("edit 1", "set office \(office)", "new \(name)")
            crashed.flushRecovery()
            journals.crash()
        }
        var session = try self.session(store, journals)
        do {
            try session.run("recover")
            Issue.record("recover did not refuse two journals that clash")
        } catch let error as SessionError {
            #expect(error.message.contains("two sessions that ended changed the same records in different ways"))
            #expect(
                error.message.contains(
                    "'Acacia Ackles': office is \"FromJ1\" in the journal of pid 42, 2001-01-01 00:00 but \"FromJ2\" "
                        + "in that of pid 43, 2001-01-01 00:01"))
        }
        #expect(session.unsavedChanges().isEmpty)
        guard case .warning(let text) = try session.run("recover!") else {
            Issue.record("recover! did not name the value it did not keep")
            return
        }
        #expect(text.contains("\"FromJ1\" in the journal of pid 42"))
        #expect(text.contains("the later journal's is kept"))
        #expect(session.records[0].values[1] == .text("FromJ2"))
        #expect(session.names.suffix(2) == ["Only One", "Only Two"])
    }
}
