import Testing

@testable import DirectoryCore

@Suite("Session: saving over another session's changes")
struct SessionMergeTests {
    /// Two sessions on one saved file.
    func twoSessions() throws -> (MemoryStore, Session, Session) {
        let store = MemoryStore()
        var first = try Session.test(store: store)
        try first.run("save")
        let second = try Session.test(store: store)
        return (store, first, second)
    }

    @Test("edits to different records merge, and the user hears what came from the other session")
    func differentRecordsMerge() throws {
        var (store, first, second) = try twoSessions()
        try first.run("edit 1", "set office Steitz 200", "save")
        try second.run("edit 2", "set office Briggs 500")
        let output = try second.run("save")
        guard case .warning(let text) = output else {
            Issue.record("no merge message: \(output)")
            return
        }
        #expect(text.contains("changed 'Acacia Ackles'"))
        let saved = store.file("/data/directory.plist")?.records.map { $0.values[1] }
        #expect(saved == [.text("Steitz 200"), .text("Briggs 500"), .text("Briggs 411")])
        #expect(second.current == 1)
    }

    @Test("different fields of one record merge")
    func differentFieldsMerge() throws {
        var (store, first, second) = try twoSessions()
        try first.run("edit 2", "set name Joseph Gregg", "save")
        try second.run("edit 2", "set office Briggs 500", "save")
        #expect(store.file("/data/directory.plist")?.records[1].values == [.text("Joseph Gregg"), .text("Briggs 500")])
    }

    @Test("additions and deletions from both sessions merge")
    func additionsAndDeletionsMerge() throws {
        var (store, first, second) = try twoSessions()
        try first.run("new From First", "delete 1", "save")
        try second.run("new From Second", "delete 3", "save")
        let names = store.file("/data/directory.plist")?.records.map { $0.values[0].text ?? "" }
        #expect(names == ["Joe Gregg", "From First", "From Second"])
    }

    @Test("the same field changed in both is a conflict naming record, field and both values; nothing is written")
    func sameFieldConflicts() throws {
        var (store, first, second) = try twoSessions()
        try first.run("edit 2", "set office Briggs 500", "save")
        try second.run("edit 2", "set office Briggs 600")
        do {
            try second.run("save")
            Issue.record("the save was not refused")
        } catch let error as SessionError {
            #expect(error.message.contains("'Joe Gregg': office is \"Briggs 600\" here but \"Briggs 500\" in the file"))
            #expect(error.message.contains("save!"))
        }
        #expect(store.file("/data/directory.plist")?.records[1].values[1] == .text("Briggs 500"))
        #expect(second.hasUnsavedChanges)
        try second.run("save!")
        #expect(store.file("/data/directory.plist")?.records[1].values[1] == .text("Briggs 600"))
    }

    @Test("save! after a conflict keeps this session's value and everything else the other session saved")
    func saveBangKeepsOthersWork() throws {
        var (store, first, second) = try twoSessions()
        try first.run("edit 2", "set office Briggs 500", "edit 1", "set office Steitz 999", "new Dana", "save")
        try second.run("edit 2", "set office Briggs 600")
        #expect(throws: SessionError.self) { try second.run("save") }
        let output = try second.run("save!")
        let saved = store.file("/data/directory.plist")?.records.map(\.values) ?? []
        #expect(saved.map { $0[0].text ?? "" } == ["Acacia Ackles", "Joe Gregg", "Kurt Krebsbach", "Dana"])
        #expect(saved.map { $0[1].text ?? "" } == ["Steitz 999", "Briggs 600", "Briggs 411", ""])
        guard case .warning(let text) = output else {
            Issue.record("save! did not say what it kept of the other session's: \(output)")
            return
        }
        #expect(text.contains("added 'Dana'"))
        #expect(!second.hasUnsavedChanges)
    }

    @Test("a file another program rewrote in another format is saved in that format after the merge")
    func mergeKeepsTheFilesFormatNow() throws {
        var (store, first, second) = try twoSessions()
        try first.run("edit 1", "set office Steitz 200")
        let file = try #require(store.file("/data/directory.plist"))
        store.put("/data/directory.plist", records: file.records, format: .xmlPlist)
        try first.run("save")
        #expect(store.file("/data/directory.plist")?.format == .xmlPlist)
        try second.run("new Later", "save")
        #expect(store.file("/data/directory.plist")?.format == .xmlPlist)
    }

    @Test("editing a record the other session deleted is a conflict")
    func editOfDeletedConflicts() throws {
        var (_, first, second) = try twoSessions()
        try first.run("delete 2", "save")
        try second.run("edit 2", "set office Briggs 600")
        #expect(throws: SessionError.self) { try second.run("save") }
    }
}

@Suite("Session: the merge base after a merge")
struct SessionMergeBaseTests {
    /// One editor saves a new name; another changes the office, and its save merges that
    /// name in and then fails on a full disk. The store works again afterwards.
    func officeSaveFailedAfterMerge() throws -> (MemoryStore, office: Session, name: Session) {
        let store = MemoryStore()
        var office = try Session.test(store: store)
        try office.run("save")
        var name = try Session.test(store: store)
        try name.run("edit 2", "set name Joseph Gregg", "save")
        try office.run("edit 2", "set office Briggs 500")
        store.failure.withLock { $0 = .writeFailed(path: "/data/directory.plist", reason: "disk full") }
        #expect(throws: SessionError.self) { try office.run("save") }
        store.failure.withLock { $0 = nil }
        return (store, office, name)
    }

    @Test("a save that merged and then failed takes the merged list as its base: a third editor's edit is no conflict")
    func failedSaveRebases() throws {
        var (store, office, name) = try officeSaveFailedAfterMerge()
        // The other editor changes the name again; the office editor's merged-in name is not its own edit.
        try name.run("set name Joe G. Gregg", "save")
        try office.run("save")
        #expect(store.file("/data/directory.plist")?.records[1].values == [.text("Joe G. Gregg"), .text("Briggs 500")])
    }

    @Test("a save that fails after merging says what it took in from the others")
    func failedSaveReportsMerge() throws {
        let store = MemoryStore()
        var first = try Session.test(store: store)
        try first.run("save")
        var second = try Session.test(store: store)
        try second.run("delete 1", "save")
        try first.run("edit 2", "set office Briggs 500")
        store.failure.withLock { $0 = .writeFailed(path: "/data/directory.plist", reason: "disk full") }
        do {
            try first.run("save")
            Issue.record("the save did not fail")
        } catch let error as SessionError {
            #expect(error.message.contains("disk full"))
            #expect(error.message.contains("deleted 'Acacia Ackles'"))
        }
        #expect(first.records.count == 2)
    }

    @Test("after a merge only this session's own edits are unsaved")
    func changesAfterFailedMerge() throws {
        let (_, office, _) = try officeSaveFailedAfterMerge()
        let changes = office.unsavedChanges()
        #expect(changes.count == 1)
        #expect(office.list.listChanges.changed.map { $0.values } == [[.text("Joseph Gregg"), .text("Briggs 500")]])
        #expect(changes.first?.kind == .changed([(field: 1, saved: .text("Briggs 413"))]))
    }

    @Test("three editors on one record, many saves: the office editor never conflicts, no save is lost")
    func threeEditorsLoop() throws {
        let store = MemoryStore()
        var first = try Session.test(store: store)
        try first.run("save")
        var editors = [first, try Session.test(store: store), try Session.test(store: store)]
        // One editor changes the office; two change the name, so they may really conflict with each other.
        let fields = ["office", "name", "name"]
        for round in 0..<60 {
            for index in editors.indices {
                let value = "\(fields[index]) \(index) \(round)"
                try editors[index].run("edit 2", "set \(fields[index]) \(value)")
                // Every third save fails after its merge, as a full disk or a lost server would make
                // it; the edit waits for the editor's next turn, after the others have saved.
                if round % 3 == index {
                    store.failure.withLock { $0 = .writeFailed(path: "/data/directory.plist", reason: "disk full") }
                    #expect(throws: SessionError.self) { try editors[index].run("save") }
                    store.failure.withLock { $0 = nil }
                    continue
                }
                do {
                    try editors[index].run("save")
                } catch let error as SessionError where index > 0 && error.message.contains("name is") {
                    // A real conflict between the two name editors: take the file's version and edit again.
                    try editors[index].run("revert", "edit 2", "set name \(value)", "save")
                }
                let saved = store.file("/data/directory.plist")?.records[1]
                #expect(saved?.values[fields[index] == "name" ? 0 : 1] == .text(value))
            }
        }
    }
}
