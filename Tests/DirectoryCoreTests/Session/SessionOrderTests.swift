import Testing

@testable import DirectoryCore

@Suite("Session: move, sort, redo and the order of the file")
struct SessionOrderTests {
    func people(_ names: [String], store: MemoryStore = MemoryStore()) throws -> Session {
        var session = try Session.test(store: store)
        try session.run("delete 1-3")
        for name in names { try session.run("new \(name)") }
        try session.run("save")
        return session
    }

    @Test("move N to M reorders, counts as unsaved, and save writes the new order")
    func moveIsSaved() throws {
        let store = MemoryStore()
        var session = try people(["Ann", "Bob", "Cy", "Di"], store: store)
        #expect(try session.run("edit 2", "move 4 to 1") == .feedback("Moved Di from 4 to 1."))
        #expect(session.names == ["Di", "Ann", "Bob", "Cy"])
        #expect(session.current == 2)  // Bob stays current
        #expect(session.hasUnsavedChanges)
        guard case .text(let changes) = try session.run("changes") else { return }
        #expect(changes == "1 unsaved change to directory.plist:\n  moved    1 Di: was 4 in the file")
        try session.run("save")
        #expect(
            store.file("/data/directory.plist")?.records.map { $0.values[0].text ?? "" } == ["Di", "Ann", "Bob", "Cy"])
        #expect(!session.hasUnsavedChanges)
    }

    @Test("moving back to the saved order leaves nothing unsaved")
    func moveBack() throws {
        var session = try people(["Ann", "Bob", "Cy"])
        try session.run("move 1 to 3", "move 3 to 1")
        #expect(!session.hasUnsavedChanges)
        #expect(session.unsavedChanges().isEmpty)
    }

    @Test("move past the end is an error; to the same place moves nothing")
    func moveErrors() throws {
        var session = try people(["Ann", "Bob"])
        #expect(throws: SessionError.noSuchRecord(3, count: 2)) { try session.run("move 3 to 1") }
        #expect(throws: SessionError.noSuchRecord(5, count: 2)) { try session.run("move 1 to 5") }
        #expect(try session.run("move 2 to 2") == .feedback("Person 2 is already there."))
        #expect(!session.hasUnsavedChanges)
    }

    @Test("sort ignores case and accents and orders numbers in text by value; desc reverses; undo and redo")
    func sortText() throws {
        var session = try people(["zoë", "Émile", "adam", "Room 10", "room 9", "Eve"])
        try session.run("sort name")
        #expect(session.names == ["adam", "Émile", "Eve", "room 9", "Room 10", "zoë"])
        try session.run("sort name desc")
        #expect(session.names == ["zoë", "Room 10", "room 9", "Eve", "Émile", "adam"])
        try session.run("undo")
        #expect(session.names == ["adam", "Émile", "Eve", "room 9", "Room 10", "zoë"])
        try session.run("undo")
        #expect(session.names == ["zoë", "Émile", "adam", "Room 10", "room 9", "Eve"])
        #expect(!session.hasUnsavedChanges)
        try session.run("redo")
        #expect(session.names == ["adam", "Émile", "Eve", "room 9", "Room 10", "zoë"])
    }

    @Test("equal values keep their order; an unknown field is an error with a suggestion")
    func sortStableAndErrors() throws {
        var session = try people(["B", "a", "b", "A"])
        try session.run("sort NAME")
        #expect(session.names == ["a", "A", "B", "b"])
        #expect(throws: SessionError.unknownField("nmae", valid: ["name", "office"], suggestion: "name")) {
            try session.run("sort nmae")
        }
        #expect(try session.run("sort name") == .feedback("Already in order of name; nothing moved."))
    }

    @Test("sort by a date: oldest first, no date last")
    func sortDates() throws {
        var session = try Session.test(path: "/data/bucketList.json")
        try session.run("new Sail", "new Dive", "done 2025-01-01", "new Hike", "done 2024-01-01")
        try session.run("sort completedDate")
        #expect(session.names == ["Hike", "Dive", "Sail"])
        try session.run("sort completedDate desc")
        #expect(session.names == ["Dive", "Hike", "Sail"])
    }

    @Test("redo makes again what undo took back, until a new change")
    func redo() throws {
        var session = try people(["Ann", "Bob"])
        try session.run("new Cy", "edit 1", "set office Lab", "delete 2")
        let after = session.records
        try session.run("undo", "undo", "undo")
        #expect(session.names == ["Ann", "Bob"])
        try session.run("redo", "redo", "redo")
        #expect(session.records == after)
        #expect(throws: SessionError.nothingToRedo) { try session.run("redo") }
        try session.run("undo", "new Dee")
        #expect(throws: SessionError.nothingToRedo) { try session.run("redo") }
    }

    @Test("a merge with another session's save keeps this session's order and their additions")
    func mergeKeepsOrder() throws {
        let store = MemoryStore()
        var ours = try people(["Ann", "Bob", "Cy"], store: store)
        var theirs = try Session.test(store: store)
        try theirs.run("new Dee", "edit 1", "set office Lab", "save")
        try ours.run("move 3 to 1", "save")
        let saved = store.file("/data/directory.plist")?.records ?? []
        #expect(saved.map { $0.values[0].text ?? "" } == ["Cy", "Ann", "Bob", "Dee"])
        #expect(saved[1].values[1] == .text("Lab"))
    }

    @Test("when both sessions reordered, both moves survive, and refresh and save name the other's")
    func bothReorderedMerge() throws {
        let store = MemoryStore()
        var ours = try people(["Ann", "Bob", "Cy"], store: store)
        var theirs = try Session.test(store: store)
        try ours.run("move 3 to 1")
        try theirs.run("sort name desc", "save")
        guard case .text(let refreshed) = try ours.run("refresh") else {
            Issue.record("refresh said nothing of the other order")
            return
        }
        #expect(refreshed.contains("moved 'Bob'"), "\(refreshed)")
        #expect(ours.names == ["Cy", "Bob", "Ann"])  // both put Cy first; they put Bob before Ann
        var plain = try Session.test(store: store)
        try theirs.run("move 1 to 3", "save")
        try plain.run("new Dee")
        let saved = try plain.run("save")
        guard case .warning(let said) = saved else {
            Issue.record("the save said nothing of the other session's move: \(saved)")
            return
        }
        #expect(said.contains("moved 'Cy'"), "\(said)")
    }

    @Test("refresh after another session only moved records says what moved (found trying it)")
    func refreshNamesOnlyMoves() throws {
        let store = MemoryStore()
        var ours = try people(["Ann", "Bob", "Cy"], store: store)
        var theirs = try Session.test(store: store)
        try theirs.run("move 1 to 3", "save")
        #expect(try ours.run("refresh") != .feedback("Already up to date."))
        #expect(ours.names == ["Bob", "Cy", "Ann"])
    }

    @Test("a record added and moved here keeps its neighbour after the other session swapped two rows")
    func addedAndMovedKeepsItsPlace() throws {
        let store = MemoryStore()
        var ours = try people(["Ann", "Bob", "Cy", "Di"], store: store)
        var theirs = try Session.test(store: store)
        try theirs.run("move 1 to 2", "save")
        try ours.run("new Eve", "move 5 to 2", "save")
        let saved = store.file("/data/directory.plist")?.records.map { $0.values[0].text ?? "" }
        #expect(saved == ["Bob", "Ann", "Eve", "Cy", "Di"])
        #expect(ours.names == ["Bob", "Ann", "Eve", "Cy", "Di"])
    }

    @Test("moves of different records on both sides both survive a save")
    func movesOfDifferentRecordsMerge() throws {
        let store = MemoryStore()
        var ours = try people(["Ann", "Bob", "Cy", "Di", "Eve"], store: store)
        var theirs = try Session.test(store: store)
        try theirs.run("move 5 to 1", "save")
        try ours.run("move 2 to 4", "save")
        let saved = store.file("/data/directory.plist")?.records.map { $0.values[0].text ?? "" }
        #expect(saved == ["Eve", "Ann", "Cy", "Di", "Bob"])
        #expect(ours.names == saved)
    }

    @Test("a record both sides moved to different places is a conflict; save! keeps this session's place")
    func moveConflict() throws {
        let store = MemoryStore()
        var ours = try people(["Ann", "Bob", "Cy", "Di"], store: store)
        var theirs = try Session.test(store: store)
        try theirs.run("move 3 to 4", "save")
        try ours.run("move 3 to 1")
        do {
            try ours.run("save")
            Issue.record("the save was not refused")
        } catch let error as SessionError {
            #expect(error.message.contains("'Cy': moved first here but after 'Di' in the file"), "\(error.message)")
            #expect(error.message.contains("save!"))
        }
        #expect(ours.hasUnsavedChanges)
        try ours.run("save!")
        let saved = store.file("/data/directory.plist")?.records.map { $0.values[0].text ?? "" }
        #expect(saved == ["Cy", "Ann", "Bob", "Di"])
    }

    @Test("save! after two sorts that conflict writes this session's order, not a mix of both (found trying it)")
    func forcedSaveAfterTwoSortsKeepsOurOrder() throws {
        let store = MemoryStore()
        var ours = try Session.test(store: store)
        try ours.run("delete 1-3")
        for (name, office) in [("Eve", "O1"), ("Dan", "O5"), ("Cat", "O2"), ("Bob", "O4"), ("Amy", "O3")] {
            try ours.run("new \(name)", "set office \(office)")
        }
        try ours.run("save")
        var theirs = try Session.test(store: store)
        try theirs.run("sort name", "new Zed", "save")
        try ours.run("sort office desc")
        #expect(ours.names == ["Dan", "Bob", "Amy", "Cat", "Eve"])
        #expect(throws: SessionError.self) { try ours.run("save") }
        let output = try ours.run("save!")
        let saved = store.file("/data/directory.plist")?.records.map { $0.values[0].text ?? "" }
        #expect(saved == ["Dan", "Bob", "Amy", "Cat", "Eve", "Zed"])
        #expect(ours.names == saved)
        guard case .warning(let text) = output else {
            Issue.record("no warning: \(output)")
            return
        }
        #expect(text.contains("were not taken, as save! keeps your order"), "\(text)")
    }

    @Test("changes names the records that moved, not one that stayed at its number")
    func changesNamesTheRecordsThatMoved() throws {
        let store = MemoryStore()
        var session = try people(["P1", "P2", "P3", "P4", "P5", "P6"], store: store)
        try session.run("move 4 to 2", "move 3 to 4")
        #expect(session.names == ["P1", "P4", "P3", "P2", "P5", "P6"])
        guard case .text(let changes) = try session.run("changes") else { return }
        #expect(
            changes == "2 unsaved changes to directory.plist:\n  moved    2 P4: was 4 in the file\n"
                + "  moved    4 P2: was 2 in the file")
    }

    @Test("refresh keeps this session's order and its undo history; the order stays unsaved until save")
    func refreshKeepsOrder() throws {
        let store = MemoryStore()
        var ours = try people(["Ann", "Bob", "Cy"], store: store)
        var theirs = try Session.test(store: store)
        try ours.run("move 3 to 1")
        try theirs.run("edit 2", "set office Lab", "new Dee", "save")
        try ours.run("refresh")
        #expect(ours.names == ["Cy", "Ann", "Bob", "Dee"])
        #expect(ours.records[2].values[1] == .text("Lab"))
        #expect(ours.hasUnsavedChanges)
        guard case .text(let changes) = try ours.run("changes") else { return }
        #expect(changes == "1 unsaved change to directory.plist:\n  moved    1 Cy: was 3 in the file")
        try ours.run("save")
        let saved = store.file("/data/directory.plist")?.records.map { $0.values[0].text ?? "" }
        #expect(saved == ["Cy", "Ann", "Bob", "Dee"])
        #expect(!ours.hasUnsavedChanges)
    }

    @Test("the undo history survives a refresh that only changed fields, and undoes the move")
    func refreshKeepsUndoOfAMove() throws {
        let store = MemoryStore()
        _ = try people(["Ann", "Bob", "Cy"], store: store)
        var ours = try Session.test(store: store)  // a history of the move and the sort only
        var theirs = try Session.test(store: store)
        try ours.run("move 3 to 1", "sort name")
        try theirs.run("edit 2", "set office Lab", "save")
        try ours.run("refresh")
        #expect(ours.names == ["Ann", "Bob", "Cy"])
        try ours.run("undo")
        #expect(ours.names == ["Cy", "Ann", "Bob"])
        try ours.run("undo")
        #expect(ours.names == ["Ann", "Bob", "Cy"])
        #expect(ours.records[1].values[1] == .text("Lab"))
        #expect(!ours.hasUnsavedChanges)
    }

    @Test("refresh follows the history back through a move to the record it changed")
    func refreshFollowsMoves() throws {
        let store = MemoryStore()
        _ = try people(["Ann", "Bob", "Cy"], store: store)
        var ours = try Session.test(store: store)
        var theirs = try Session.test(store: store)
        try ours.run("edit 1", "set office X", "move 1 to 3")
        try theirs.run("edit 2", "set name Bobby", "save")
        try ours.run("refresh")
        #expect(ours.names == ["Bobby", "Cy", "Ann"])
        try ours.run("undo", "undo")  // kept: the other session changed Bob, and the history touched only Ann
        #expect(ours.names == ["Ann", "Bobby", "Cy"])
        #expect(ours.records[0].values[1] == .text(""))
    }

    @Test("after a refresh that changed which records there are, there is nothing to redo (found by fuzzing)")
    func redoAfterRefresh() throws {
        let store = MemoryStore()
        var ours = try Session.test(store: store)
        try ours.run("save")
        var theirs = try Session.test(store: store)
        try ours.run("new Ada")
        try theirs.run("delete 1-3", "save")
        try ours.run("undo")
        try theirs.run("new X", "save")
        try ours.run("refresh")
        #expect(ours.names == ["X"])
        #expect(throws: SessionError.nothingToRedo) { try ours.run("redo") }
    }

    @Test("list N|RANGE prints just those records with their numbers")
    func listRange() throws {
        var session = try people(["Ann", "Bob", "Cy", "Di"])
        guard case .records(let listing) = try session.run("list 2-3") else { return }
        #expect(listing.rows.map(\.number) == [2, 3])
        #expect(throws: SessionError.noSuchRecord(9, count: 4)) { try session.run("list 9") }
        guard case .records(let clamped) = try session.run("list 3-10") else { return }
        #expect(clamped.rows.map(\.number) == [3, 4])
        #expect(throws: SessionError.noSuchRange(5, 10, count: 4)) { try session.run("list 5-10") }
        #expect(throws: SessionError.noSuchRange(3, 10, count: 4)) { try session.run("delete 3-10") }
        #expect(
            SessionError.noSuchRange(20, 30, count: 17).message
                == "there are no records 20-30: the list has 17, numbered 1-17 (see list)")
        // A range whose end was too large for a number names its start, not a number never typed.
        #expect(throws: SessionError.noSuchRange(1, Int.max, count: 4)) {
            try session.run("delete 1-99999999999999999999")
        }
        #expect(
            SessionError.noSuchRange(1, Int.max, count: 4).message
                == "records from 1 on go past the end of the list: it has 4, so the last is 4 (1-4 names the rest)")
        #expect(session.names == ["Ann", "Bob", "Cy", "Di"])
    }

    @Test("find FIELD:TEXT searches one field; a word that is no field searches the whole text")
    func findField() throws {
        var session = try Session.test()
        guard case .records(let office) = try session.run("find office:briggs") else { return }
        #expect(office.rows.map(\.number) == [2, 3])
        guard case .records(let name) = try session.run("find name:briggs") else { return }
        #expect(name.rows.isEmpty)
        try session.run("edit 1", "set office Re: meeting")
        guard case .records(let text) = try session.run("find re: meet") else { return }
        #expect(text.rows.map(\.number) == [1])
        #expect(throws: SessionError.unknownField("ofice", valid: ["name", "office"], suggestion: "office")) {
            try session.run("find ofice:x")
        }
    }
}
