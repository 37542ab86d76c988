import Testing

@testable import DirectoryCore

/// The recovery journal of changes kept as compact undo entries: every `new` and
/// `set` reaches it, whenever it is written, and so does their undo.
@Suite("Session: recovery of compact undo entries")
struct UndoHistoryRecoveryTests {
    func savedFile() throws -> MemoryStore {
        let store = MemoryStore()
        var first = try Session.test(store: store)
        try first.run("save")
        return store
    }

    /// What `recover` gives a new session after the session that ran `steps` crashed;
    /// each step is run, then the journal written, as a script writes it in batches.
    func recovered(_ steps: [[String]]) throws -> Session {
        let store = try savedFile()
        let journals = MemoryRecoveryStore()
        var crashed = try Session.test(store: store)
        crashed.keepRecoveryJournal(in: journals)
        for lines in steps {
            for line in lines { try crashed.run(line) }
            crashed.flushRecovery()
        }
        journals.crash()
        var next = try Session.test(store: store)
        next.keepRecoveryJournal(in: journals)
        try next.run("recover")
        return next
    }

    @Test("new and set written in one batch come back as one new record with its office")
    func oneBatch() throws {
        let session = try recovered([["new Kim", "set office A 1", "new Lee", "set office B 2"]])
        #expect(session.names.suffix(2) == ["Kim", "Lee"])
        #expect(session.records.suffix(2).map { $0.values[1] } == [.text("A 1"), .text("B 2")])
    }

    @Test("a set written in the batch after its new still reaches the journal")
    func setAfterTheBatchOfItsNew() throws {
        let session = try recovered([
            ["new Kim"], ["set office A 1"], ["new Lee"], ["set office B 2", "set office C 3"],
        ])
        #expect(session.records.suffix(2).map { $0.values[1] } == [.text("A 1"), .text("C 3")])
    }

    @Test("an undone set and an undone new are journaled as undone")
    func undoneCompactEntries() throws {
        let session = try recovered([
            ["new Kim", "set office A 1", "new Lee", "set office B 2"], ["undo"], ["undo", "undo"],
        ])
        #expect(session.names.last == "Kim")
        #expect(session.records.last?.values[1] == .text(""))
        #expect(session.unsavedChanges().count == 1)
    }

    @Test("a first write larger than a megabyte goes in pieces, and every entry is whole")
    func writtenInPieces() throws {
        let store = try savedFile()
        let journals = MemoryRecoveryStore()
        var session = try Session.test(store: store)
        session.keepRecoveryJournal(in: journals)
        let office = String(repeating: "Briggs ", count: 40)
        for number in 0..<6_000 { try session.run("new Person \(number)", "set office \(office)\(number)") }
        session.flushRecovery()
        #expect(journals.appends > 1)
        let bytes = try #require(journals.journal)
        let journal = try #require(RecoveryJournal.decode(bytes))
        #expect(journal.damage.isEmpty)
        #expect(journal.changes.count == 6_000)
        #expect(Set(journal.changes.compactMap { $0.now?.values[1].text }).count == 6_000)
    }
}
