import Testing

@testable import DirectoryCore

@Suite("Session: changes, saving and leaving")
struct SessionFilesTests {
    @Test("changes lists added, changed (old → new) and deleted records")
    func changesListsEveryKind() throws {
        var session = try Session.test()
        try session.run("edit 2", "set office Briggs 415", "delete 1", "new Zoë")
        guard case .text(let text) = try session.run("changes") else {
            Issue.record("changes printed nothing")
            return
        }
        #expect(
            text == """
                3 unsaved changes to directory.plist:
                  deleted  Acacia Ackles, Steitz 131
                  changed  1 Joe Gregg: office "Briggs 413" → "Briggs 415"
                  added    3: Zoë
                """)
    }

    @Test("changes lists each deletion where the record stood in the list, whatever order they were made in")
    func changesListsDeletionsInListOrder() throws {
        var session = try Session.test()
        let third = FieldText(kind: session.kind, utcOffset: { _ in 0 }).summary(of: session.records[2])
        for name in ["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8"] { try session.run("new \(name)") }
        try session.run("save", "delete 10", "delete 4", "edit 4", "set office X", "delete 6-7", "delete 1", "new Zoë")
        try session.run("delete 2")
        #expect(session.names == ["Joe Gregg", "D2", "D3", "D6", "D8", "Zoë"])
        guard case .text(let text) = try session.run("changes") else { return }
        #expect(
            text == """
                8 unsaved changes to directory.plist:
                  deleted  Acacia Ackles, Steitz 131
                  deleted  \(third)
                  deleted  D1
                  changed  2 D2: office "" → "X"
                  deleted  D4
                  deleted  D5
                  deleted  D7
                  added    6: Zoë
                """)
    }

    @Test("save writes every record and clears unsaved changes")
    func saveWritesAndClears() throws {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        try session.run("new", "set name Joe Gregg II", "set office Briggs 413", "save")
        #expect(store.file("/data/directory.plist")?.records == session.records.array)
        #expect(store.file("/data/directory.plist")?.format == .binaryPlist)
        #expect(!session.hasUnsavedChanges)
        guard case .text(let text) = try session.run("changes") else { return }
        #expect(text == "No unsaved changes.")
    }

    @Test("a failed save keeps the edits, so save can be retried")
    func failedSaveKeepsEdits() throws {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        try session.run("new Kept")
        store.failure.withLock { $0 = .writeFailed(path: "/data/directory.plist", reason: "the disk is full") }
        #expect(throws: SessionError.storage(.writeFailed(path: "/data/directory.plist", reason: "the disk is full"))) {
            try session.run("save")
        }
        #expect(session.hasUnsavedChanges)
        store.failure.withLock { $0 = nil }
        try session.run("save")
        #expect(store.file("/data/directory.plist")?.records.last?.values[0] == .text("Kept"))
    }

    @Test("quit refuses while changes are unsaved; quit! discards")
    func quitGuardsUnsavedChanges() throws {
        var session = try Session.test()
        #expect(try session.run("quit") == .quit)
        try session.run("new X")
        #expect(throws: SessionError.unsavedChanges(action: "quit", count: 1, file: "directory.plist")) {
            try session.run("quit")
        }
        #expect(try session.run("quit!") == .quit)
    }

    @Test("revert reloads the file and forgets every edit")
    func revertReloads() throws {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        try session.run("save", "new X", "edit 1", "set name Y", "revert")
        #expect(session.names == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach"])
        #expect(!session.hasUnsavedChanges)
        #expect(throws: SessionError.nothingToUndo) { try session.run("undo") }
    }

    @Test("undo after save makes the list unsaved again")
    func undoAfterSave() throws {
        var session = try Session.test()
        try session.run("new X", "save", "undo")
        #expect(session.hasUnsavedChanges)
        guard case .text(let text) = try session.run("changes") else { return }
        #expect(text.contains("deleted  X"))
    }

    @Test("save as writes elsewhere, in the format its name says, and makes it the file")
    func saveAsSwitchesFile() throws {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        try session.run("save as /other/people.json")
        #expect(session.location == "/other/people.json")
        #expect(store.file("/other/people.json")?.format == .json)
        #expect(store.file("/data/directory.plist") == nil)
    }

    @Test("autosave saves after every change")
    func autosaveSavesEachChange() throws {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        try session.run("autosave on", "new Auto")
        #expect(store.file("/data/directory.plist")?.records.count == 4)
        #expect(!session.hasUnsavedChanges)
    }

    @Test("help lists every command of the table; help COMMAND explains one")
    func helpComesFromTheTable() throws {
        var session = try Session.test()
        guard case .text(let overview) = try session.run("help") else { return }
        for spec in CommandTable.all where spec.kinds == nil {
            #expect(overview.contains(spec.usage))
        }
        #expect(!overview.contains("done [DATE]"))
        guard case .text(let details) = try session.run("help set") else { return }
        #expect(details.contains("usage: set FIELD VALUE"))
        #expect(details.contains("office"))
        #expect(throws: SessionError.unknownHelpTopic("sett", suggestion: "set")) { try session.run("help sett") }
    }
}
