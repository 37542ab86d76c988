import Testing

@testable import DirectoryCore

/// The one runner of edit steps: every change, its undo and its redo run steps, each of
/// which gives back the step that reverses it, and the recovery journal hears of each.
@Suite("Session: edit steps")
struct SessionStepsTests {
    /// A saved list of `count` people, P1 … P`count`.
    func savedList(_ count: Int, store: MemoryStore = MemoryStore()) throws -> Session {
        var session = try Session.test(store: store)
        try session.run("delete 1-\(session.records.count)")
        for number in 1...count { try session.run("new P\(number)", "set office Room \(number)") }
        try session.run("save")
        return session
    }

    @Test(
        "undo gives back the list and current record from before each change, and redo the ones after it",
        arguments: [
            ["new Kim"], ["edit 2", "set office Far"], ["delete 2"], ["delete 1 3-4"], ["move 1 to 4"],
            ["move 5 to 2"], ["sort name desc"], ["edit 3", "delete 3"], ["edit 2", "move 2 to 5"],
            ["edit 4", "sort office desc"], ["edit 1", "new"],
        ])
    func undoAndRedoEveryKindOfStep(lines: [String]) throws {
        var session = try savedList(5)
        for line in lines.dropLast() { try session.run(line) }
        let before = (session.records, session.current)
        try session.run(try #require(lines.last))
        let after = (session.records, session.current)
        try session.run("undo")
        #expect(session.records == before.0)
        #expect(session.current == before.1)
        try session.run("redo")
        #expect(session.records == after.0)
        #expect(session.current == after.1)
        try session.run("undo")
        #expect(session.records == before.0)
    }

    @Test("undo all the way back leaves nothing unsaved, whatever the steps were")
    func undoAllLeavesNothingUnsaved() throws {
        var session = try savedList(5)
        try session.run("new Kim", "set office A", "move 6 to 1", "delete 3")
        try session.run("sort name desc", "edit 2", "set name Lee")
        for _ in 0..<6 { try session.run("undo") }
        #expect(session.names == ["P1", "P2", "P3", "P4", "P5"])
        #expect(!session.hasUnsavedChanges)
        #expect(session.unsavedChanges().isEmpty)
    }

    @Test("the recovery journal hears of a record set after a move, and of the order, without guessing")
    func recoveryHearsOfEachStep() throws {
        let store = MemoryStore()
        var first = try savedList(4, store: store)
        let journals = MemoryRecoveryStore()
        first.keepRecoveryJournal(in: journals)
        try first.run("move 4 to 1", "edit 1", "set office Moved", "delete 3", "undo", "undo")
        first.flushRecovery()
        let bytes = try #require(journals.journal)
        let journal = try #require(RecoveryJournal.decode(bytes))
        #expect(journal.changes.isEmpty)  // the set and the delete were undone
        #expect(journal.order?.count == 4)
        journals.crash()
        var next = try Session.test(store: store)
        next.keepRecoveryJournal(in: journals)
        try next.run("recover")
        #expect(next.names == ["P4", "P1", "P2", "P3"])
    }

    @Test("an import is one step: one undo removes every record it added, and redo adds them again")
    func importIsOneStep() throws {
        let store = MemoryStore()
        store.putPlain("/data/in.csv", "name,office\nAnn,A\nBo,B\nCy,C\n")
        var session = try savedList(2, store: store)
        try session.run("import csv /data/in.csv")
        #expect(session.names == ["P1", "P2", "Ann", "Bo", "Cy"])
        try session.run("undo")
        #expect(session.names == ["P1", "P2"])
        try session.run("redo")
        #expect(session.names == ["P1", "P2", "Ann", "Bo", "Cy"])
        #expect(session.unsavedChanges().count == 3)
    }
}
