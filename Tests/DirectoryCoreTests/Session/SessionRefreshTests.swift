import Testing

@testable import DirectoryCore

@Suite("Session: refresh takes in what another session saved")
struct SessionRefreshTests {
    static let path = "/data/directory.plist"

    /// Two sessions on one saved file of the three sample people, as the merge tests use.
    func twoSessions() throws -> (MemoryStore, Session, Session) {
        try SessionMergeTests().twoSessions()
    }

    /// The text a command printed, whatever its kind.
    func text(_ output: CommandOutput) -> String {
        switch output {
        case .feedback(let text), .text(let text), .warning(let text): return text
        default: return ""
        }
    }

    /// The `changes` report of `session`.
    func changes(_ session: inout Session) throws -> String {
        text(try session.run("changes"))
    }

    @Test("nothing saved by others: already up to date, and nothing changes")
    func alreadyUpToDate() throws {
        var (_, _, second) = try twoSessions()
        try second.run("edit 2", "set office Briggs 500")
        let before = second.records
        #expect(try second.run("refresh") == .feedback("Already up to date."))
        #expect(second.records == before)
        #expect(second.unsavedChanges().count == 1)
        #expect(second.current == 1)
    }

    @Test("others' changes come in, own edits stay unsaved, and changes lists only this session's edits")
    func mergesAndKeepsOwnEdits() throws {
        var (store, first, second) = try twoSessions()
        try first.run("edit 1", "set office Steitz 200", "new From First", "delete 3", "save")
        try second.run("edit 2", "set office Briggs 500", "new From Second")
        let output = try second.run("refresh")
        guard case .text(let report) = output else {
            Issue.record("refresh printed no report: \(output)")
            return
        }
        #expect(report.contains("Merged with changes another session saved:"))
        #expect(report.contains("  changed 'Acacia Ackles'"))
        #expect(report.contains("  added 'From First'"))
        #expect(report.contains("  deleted 'Kurt Krebsbach'"))
        #expect(report.contains("Your 2 unsaved changes are kept"))
        #expect(second.names == ["Acacia Ackles", "Joe Gregg", "From First", "From Second"])
        #expect(second.records[0].values[1] == .text("Steitz 200"))
        #expect(second.records[1].values[1] == .text("Briggs 500"))
        #expect(second.current == 3, "the current record (From Second) stays current")
        let listed = try changes(&second)
        #expect(listed.hasPrefix("2 unsaved changes"))
        #expect(listed.contains("changed  2 Joe Gregg: office \"Briggs 413\" → \"Briggs 500\""))
        #expect(listed.contains("added    4: From Second"))
        #expect(!listed.contains("Acacia") && !listed.contains("Kurt") && !listed.contains("From First"))
        // The file did not change, and a later save merges nothing a second time.
        #expect(store.file(Self.path)?.records.count == 3)
        #expect(try second.run("save") == .feedback("Saved 4 people to directory.plist."))
        #expect(store.file(Self.path)?.records.map { $0.values[0].text ?? "" } == second.names)
    }

    @Test("with no unsaved edits, refresh makes the list the file's, with nothing unsaved")
    func takesTheFileWhenNothingIsUnsaved() throws {
        var (store, first, second) = try twoSessions()
        try first.run("edit 2", "set name Joseph Gregg", "save")
        try second.run("refresh")
        #expect(second.records.array == store.file(Self.path)?.records)
        #expect(!second.hasUnsavedChanges)
        #expect(try second.run("save") == .feedback("No changes to save; directory.plist is up to date."))
    }

    @Test("a conflict is reported with save's lines, and nothing in the session changes")
    func conflictChangesNothing() throws {
        var (_, first, second) = try twoSessions()
        try first.run("edit 2", "set office Briggs 500", "new From First", "save")
        try second.run("edit 2", "set office Briggs 600")
        let records = second.records
        let version = second.version
        do {
            try second.run("refresh")
            Issue.record("the refresh was not refused")
        } catch let error as SessionError {
            #expect(error.message.hasPrefix("not refreshed: /data/directory.plist was changed by another session"))
            #expect(error.message.contains("'Joe Gregg': office is \"Briggs 600\" here but \"Briggs 500\" in the file"))
            #expect(error.message.contains("your edits are kept"))
        }
        #expect(second.records == records)
        #expect(second.version == version)
        #expect(second.unsavedChanges().count == 1)
        #expect(try second.run("undo") == .feedback("Undid 'set office Briggs 600'."))
        #expect(try second.run("refresh") != .feedback("Already up to date."))
        #expect(second.names.last == "From First")
    }

    @Test("an edit of a record the other session deleted is a conflict, as on save")
    func editOfDeletedConflicts() throws {
        var (_, first, second) = try twoSessions()
        try first.run("delete 2", "save")
        try second.run("edit 2", "set office Briggs 600")
        #expect(throws: SessionError.self) { try second.run("refresh") }
        #expect(second.names == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach"])
    }

    @Test("undo is kept when the others changed only records it does not refer to")
    func undoKeptWhenItStillFits() throws {
        var (_, first, second) = try twoSessions()
        try first.run("edit 3", "set office Lab 1", "save")
        try second.run("edit 2", "set office Briggs 500")
        let output = try second.run("refresh")
        #expect(!text(output).contains("Undo history cleared"))
        #expect(try second.run("undo") == .feedback("Undid 'set office Briggs 500'."))
        #expect(second.records[1].values[1] == .text("Briggs 413"))
        #expect(second.records[2].values[1] == .text("Lab 1"))
        #expect(!second.hasUnsavedChanges)
    }

    @Test("undo is cleared, and the report says so, when the merge moves records or changes one it refers to")
    func undoClearedWhenItNoLongerFits() throws {
        var (_, first, second) = try twoSessions()
        try first.run("new From First", "save")
        try second.run("edit 2", "set office Briggs 500")
        #expect(text(try second.run("refresh")).contains("Undo history cleared"))
        #expect(throws: SessionError.undoClearedByMerge) { try second.run("undo") }
        #expect(second.unsavedChanges().count == 1)

        try first.run("refresh", "edit 2", "set name Joseph Gregg", "save")
        try second.run("edit 2", "set office Briggs 600")
        #expect(text(try second.run("refresh")).contains("Undo history cleared"))
        #expect(throws: SessionError.undoClearedByMerge) { try second.run("undo") }
        #expect(second.records[1].values == [.text("Joseph Gregg"), .text("Briggs 600")])
        #expect(try changes(&second).contains("office \"Briggs 413\" → \"Briggs 600\""))
    }

    @Test("the records undo refers to are found through later deletions: the field set before a delete")
    func undoFollowsPositionsThroughDeletions() throws {
        var (_, first, second) = try twoSessions()
        try second.run("edit 2", "set office Briggs 500", "delete 1")
        try first.run("edit 3", "set name Kurt K", "save")
        #expect(!text(try second.run("refresh")).contains("Undo history cleared"))
        try second.run("undo", "undo")
        #expect(second.names == ["Acacia Ackles", "Joe Gregg", "Kurt K"])
        #expect(!second.hasUnsavedChanges)

        var (_, other, third) = try twoSessions()
        try third.run("edit 2", "set office Briggs 500", "delete 1")
        try other.run("edit 2", "set name Joseph Gregg", "save")
        #expect(text(try third.run("refresh")).contains("Undo history cleared"))
        #expect(third.records[0].values == [.text("Joseph Gregg"), .text("Briggs 500")])
    }

    @Test("a deletion stays this session's change against the file's version")
    func ownDeletionStays() throws {
        var (_, first, second) = try twoSessions()
        try first.run("edit 3", "set office Lab 1", "save")
        try second.run("delete 1")
        try second.run("refresh")
        let listed = try changes(&second)
        #expect(listed.hasPrefix("1 unsaved change to"))
        #expect(listed.contains("deleted  Acacia Ackles"))
        #expect(second.names == ["Joe Gregg", "Kurt Krebsbach"])
    }

    @Test("a file that is gone, or was never saved, has nothing to refresh from")
    func missingFile() throws {
        var unsaved = try Session.test(path: "/data/new.plist")
        #expect(
            try unsaved.run("refresh") == .feedback("new.plist does not exist yet: there is nothing to refresh from."))

        let store = MemoryStore()
        var session = try Session.test(store: store)
        try session.run("save", "new Kept")
        store.remove(Self.path)
        guard case .warning(let text) = try session.run("refresh") else {
            Issue.record("no warning about the missing file")
            return
        }
        #expect(text.contains("directory.plist is gone"))
        #expect(session.names.last == "Kept")
        #expect(session.hasUnsavedChanges)
    }

    @Test("save merges through the same step: its merge keeps undo when the undo history still fits")
    func saveSharesTheMerge() throws {
        var (store, first, second) = try twoSessions()
        try first.run("edit 3", "set office Lab 1", "save")
        try second.run("edit 2", "set office Briggs 500")
        guard case .warning(let text) = try second.run("save") else {
            Issue.record("save did not report the merge")
            return
        }
        #expect(text.contains("Merged with changes another session saved:\n  changed 'Kurt Krebsbach'"))
        #expect(try second.run("undo") == .feedback("Undid 'set office Briggs 500'."))
        try second.run("save")
        #expect(
            store.file(Self.path)?.records.map(\.values[1]) == [
                .text("Steitz 131"), .text("Briggs 413"), .text("Lab 1"),
            ])
    }
}
