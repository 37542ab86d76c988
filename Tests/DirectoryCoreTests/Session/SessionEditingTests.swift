import Testing

@testable import DirectoryCore

@Suite("Session: editing")
struct SessionEditingTests {
    @Test("a missing file starts with the app's three sample people and no unsaved changes")
    func missingFileStartsWithSamples() throws {
        let session = try Session.test()
        #expect(session.names == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach"])
        #expect(
            session.records.map { $0.values[1] } == [.text("Steitz 131"), .text("Briggs 413"), .text("Briggs 411")])
        #expect(!session.hasUnsavedChanges)
        #expect(!session.listExists)
    }

    @Test("a missing bucket list starts empty and says how to add the first item")
    func missingBucketListStartsEmpty() throws {
        var session = try Session.test(path: "/data/bucketList.json")
        #expect(session.kind == .bucket)
        #expect(session.records.isEmpty)
        guard case .records(let listing) = try session.run("list") else {
            Issue.record("list did not list")
            return
        }
        #expect(listing.rows.isEmpty)
        #expect(listing.emptyMessage.hasPrefix("Add your first bucket list item"))
    }

    @Test("new appends a record, makes it current, and set fills it in")
    func newThenSetFillsTheNewRecord() throws {
        var session = try Session.test()
        try session.run("new", "set name Zoë 高橋", "set office Briggs 200")
        #expect(session.current == 3)
        #expect(session.records[3].values == [.text("Zoë 高橋"), .text("Briggs 200")])
        #expect(session.hasUnsavedChanges)
    }

    @Test("new NAME sets the name")
    func newWithName() throws {
        var session = try Session.test()
        try session.run("new Ada Lovelace")
        #expect(session.records.last?.values == [.text("Ada Lovelace"), .text("")])
    }

    @Test("a failed edit leaves no record current, so the next set cannot change the one before")
    func failedEditClearsCurrent() throws {
        var session = try Session.test()
        try session.run("edit 1")
        #expect(throws: SessionError.self) { try session.run("edit Nobody Here") }
        #expect(session.current == nil)
        #expect(throws: SessionError.noCurrentRecord(noun: "person")) { try session.run("set office X") }
        try session.run("edit 2")
        #expect(throws: SessionError.self) { try session.run("edit 99") }
        #expect(throws: SessionError.noCurrentRecord(noun: "person")) { try session.run("set office X") }
        #expect(session.records.map { $0.values[1] }.contains(.text("X")) == false)
    }

    @Test("set without a current record says how to pick one")
    func setNeedsCurrentRecord() throws {
        var session = try Session.test()
        #expect(throws: SessionError.noCurrentRecord(noun: "person")) { try session.run("set name X") }
    }

    @Test("set with an unknown field names the valid ones and suggests the nearest")
    func unknownFieldNamesValidOnes() throws {
        var session = try Session.test()
        try session.run("edit 1")
        #expect(throws: SessionError.unknownField("nmae", valid: ["name", "office"], suggestion: "name")) {
            try session.run("set nmae X")
        }
        #expect(
            SessionError.unknownField("nmae", valid: ["name", "office"], suggestion: "name").message
                == "unknown field 'nmae'; did you mean 'name'? the fields are: name, office")
    }

    @Test("edit picks a record by number or by name, ignoring case and accents")
    func editByNumberOrName() throws {
        var session = try Session.test()
        try session.run("edit 2")
        #expect(session.current == 1)
        try session.run("edit kurt krebsbach")
        #expect(session.current == 2)
        #expect(throws: SessionError.noSuchRecord(9, count: 3)) { try session.run("edit 9") }
        #expect(throws: SessionError.nameNotFound("Nobody")) { try session.run("edit Nobody") }
    }

    @Test("a name that matches no record names the records near it and how to pick one")
    func nameNotFoundNamesNearRecords() throws {
        var session = try Session.test()
        try session.run("new Zoë 高橋", "new Zoe Smith")
        #expect(throws: SessionError.nameNotFound("zoe", near: ["4 Zoë 高橋", "5 Zoe Smith"])) {
            try session.run("edit zoe")
        }
        let message = SessionError.nameNotFound("zoe", near: ["4 Zoë 高橋", "5 Zoe Smith"]).message
        #expect(
            message == "no record is called 'zoe'; the nearest names are 4 Zoë 高橋, 5 Zoe Smith: "
                + "give the number (as listed) or the whole name")
        // A typo, which no name contains, is near too; show and delete say the same.
        #expect(throws: SessionError.nameNotFound("joe grgg", near: ["2 Joe Gregg"])) {
            try session.run("show joe grgg")
        }
        #expect(throws: SessionError.nameNotFound("Nobody")) { try session.run("delete Nobody") }
    }

    @Test("more near records than are named are counted as more")
    func nameNotFoundCountsTheRest() throws {
        var session = try Session.test()
        try session.run("new Ann 1", "new Ann 2", "new Ann 3", "new Ann 4", "new Ann 5", "new Ann 6")
        #expect(
            throws: SessionError.nameNotFound(
                "ann", near: ["4 Ann 1", "5 Ann 2", "6 Ann 3", "7 Ann 4", "8 Ann 5"], more: true)
        ) { try session.run("edit ann") }
    }

    @Test("delete removes numbers and ranges as numbered before the deletion")
    func deleteNumbersAndRanges() throws {
        var session = try Session.test()
        try session.run("new A", "new B", "new C")
        try session.run("delete 1 3-4")
        #expect(session.names == ["Joe Gregg", "B", "C"])
        #expect(throws: SessionError.noSuchRecord(4, count: 3)) { try session.run("delete 4") }
    }

    @Test("deleting the current record leaves no current record; deleting before it keeps it")
    func deleteKeepsCurrentPointingAtSameRecord() throws {
        var session = try Session.test()
        try session.run("edit 3", "delete 1")
        #expect(session.current == 1)
        #expect(session.names[1] == "Kurt Krebsbach")
        try session.run("delete 2")
        #expect(session.current == nil)
    }

    @Test("find ignores case and accents and numbers rows as list does")
    func findIgnoresCaseAndAccents() throws {
        var session = try Session.test()
        try session.run("new Zoë Ärger")
        guard case .records(let listing) = try session.run("find ZOE") else {
            Issue.record("find did not list")
            return
        }
        #expect(listing.rows.map(\.number) == [4])
        guard case .records(let briggs) = try session.run("find briggs") else { return }
        #expect(briggs.rows.map(\.number) == [2, 3])
        guard case .records(let none) = try session.run("find nobody") else { return }
        #expect(none.rows.isEmpty)
        #expect(none.emptyMessage == "No matches.")
    }

    @Test("undo reverses each change in turn, including deletions, and then says there is nothing")
    func undoReversesChangesInOrder() throws {
        var session = try Session.test()
        let original = session.records
        try session.run("edit 2", "set office Briggs 415", "new Zed", "delete 1-2")
        #expect(session.names == ["Kurt Krebsbach", "Zed"])
        try session.run("undo")
        #expect(session.names == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach", "Zed"])
        try session.run("undo")
        #expect(session.records[1].values[1] == .text("Briggs 415"))
        try session.run("undo")
        #expect(session.records == original)
        #expect(session.current == 1)  // edit 2 is not a change, so undo keeps it
        #expect(!session.hasUnsavedChanges)
        #expect(throws: SessionError.nothingToUndo) { try session.run("undo") }
    }

    @Test("setting a field back to its saved value leaves nothing unsaved")
    func changeBackIsNotUnsaved() throws {
        var session = try Session.test()
        try session.run("edit 2", "set office X", "set office Briggs 413")
        #expect(!session.hasUnsavedChanges)
    }
}
