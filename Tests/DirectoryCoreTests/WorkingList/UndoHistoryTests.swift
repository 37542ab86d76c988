import Testing

@testable import DirectoryCore

/// The compact undo history: `new` and `set` kept as slots must undo, redo, describe
/// and reach the recovery journal exactly as whole entries did.
@Suite("Session: the compact undo history")
struct UndoHistoryTests {
    @Test("new then set are two entries: undo takes back the set alone, then the new")
    func undoAfterNewAndSet() throws {
        var session = try Session.test()
        try session.run("new Kim Tran", "set office Briggs 500")
        #expect(session.list.tracker.undo.wholeCount == 0)
        #expect(try session.run("undo") == .feedback("Undid 'set office Briggs 500'."))
        #expect(session.records.count == 4)
        #expect(session.records[3].values == [.text("Kim Tran"), .text("")])
        #expect(session.current == 3)
        #expect(try session.run("undo") == .feedback("Undid 'new Kim Tran'."))
        #expect(session.records.count == 3)
        #expect(session.current == nil)
        #expect(session.unsavedChanges().isEmpty)
    }

    @Test(
        "every entry reads back as the command, edits and current record it was made with",
        arguments: [
            ["new Kim Tran", "set office Briggs 500"],
            ["new", "set name Nameless", "set office Steitz 1"],
            ["new Ann", "set name Anna"],  // the value replaced is not the default: kept whole
            ["new Ann", "set Office Lower Case"],  // the field as typed is not its name: kept whole
            ["new Ann", "set office \"quoted\"", "set office again"],  // the second replaces a value
            ["edit 2", "set office Briggs 1", "new Bo", "edit 1", "set office Far Away"],
            ["new   Spaced   Name  ", "set office   x  ", "new \"\"", "set office \"\""],
            ["edit 1", "set office \"\"", "new Zoë Ünal", "set office 高橋 3"],
        ])
    func entriesReadBack(lines: [String]) throws {
        var session = try Session.test()
        var expected: [(command: Command, before: [Record], current: Int?)] = []
        for line in lines {
            let command = try #require(try CommandParser.parse(line)?.command)
            if case .edit = command {} else { expected.append((command, Array(session.records), session.current)) }
            try session.run(line)
        }
        for entry in expected.reversed() {
            try session.run("undo")
            #expect(session.list.tracker.redo.last?.command == entry.command)
            #expect(Array(session.records) == entry.before)
            #expect(session.current == entry.current)
        }
        #expect(session.list.tracker.undo.isEmpty)
    }

    @Test("undo and redo of compact entries give the same list and messages as whole ones")
    func undoRedo() throws {
        var session = try Session.test()
        try session.run("new Kim", "set office A 1", "new Lee", "set office B 2")
        let after = session.records
        #expect(try session.run("undo") == .feedback("Undid 'set office B 2'."))
        #expect(try session.run("undo") == .feedback("Undid 'new Lee'."))
        #expect(try session.run("redo") == .feedback("Redid 'new Lee'."))
        #expect(try session.run("redo") == .feedback("Redid 'set office B 2'."))
        #expect(session.records == after)
        #expect(session.current == 4)
        try session.run("undo", "set office C 3")  // a new change forgets redo
        #expect(throws: SessionError.nothingToRedo) { try session.run("redo") }
        #expect(session.records[4].values[1] == .text("C 3"))
    }

    @Test("a redone new and set are slots again, as when they were first made")
    func redoneEntriesAreSlots() throws {
        var session = try Session.test()
        try session.run("new Kim Tran", "set office Briggs 500", "undo", "undo", "redo", "redo")
        #expect(session.list.tracker.undo.count == 2)
        #expect(session.list.tracker.undo.wholeCount == 0)
        #expect(try session.run("undo") == .feedback("Undid 'set office Briggs 500'."))
        #expect(try session.run("undo") == .feedback("Undid 'new Kim Tran'."))
    }

    @Test("a set that replaces a value, or names the field otherwise, is kept whole; one from the default is not")
    func setSlotsNeedTheDefaultAndTheFieldsName() throws {
        var session = try Session.test()
        try session.run("new Ann", "set office A 1")
        #expect(session.list.tracker.undo.wholeCount == 0)
        try session.run("set office B 2")
        #expect(session.list.tracker.undo.wholeCount == 1)
        try session.run("new Bo", "set OFFICE C 3")
        #expect(session.list.tracker.undo.wholeCount == 2)
        #expect(session.list.tracker.undo.count == 5)
        #expect(try session.run("undo") == .feedback("Undid 'set OFFICE C 3'."))
        #expect(session.records[4].values[1] == .text(""))
    }

    @Test("a date field's set, done and undone are kept whole and undo exactly")
    func bucketDates() throws {
        var session = try Session.test(path: "/data/bucketList.plist", kind: .bucket, now: 1_000_000)
        let before = session.records
        try session.run("new Climb", "set note high", "done", "undone", "set completedDate 2020-01-02")
        #expect(session.list.tracker.undo.wholeCount == 3)
        for _ in 0..<5 { try session.run("undo") }
        #expect(session.records == before)
    }

    @Test("a long script's undo history holds no whole entry, and undo still walks it all back")
    func longScriptIsCompact() throws {
        var session = try Session.test()
        let before = session.records
        for number in 0..<2_000 {
            try session.run("new Person \(number)", "set office Room \(number)")
        }
        #expect(session.list.tracker.undo.count == 4_000)
        #expect(session.list.tracker.undo.wholeCount == 0)
        #expect(try session.run("undo") == .feedback("Undid 'set office Room 1999'."))
        for _ in 0..<3_999 { try session.run("undo") }
        #expect(session.records == before)
        #expect(throws: SessionError.nothingToUndo) { try session.run("undo") }
    }
}
