import Testing

@testable import DirectoryCore

/// The unsaved marker and the change set a database is sent are found from the records the
/// list keeps whole, not by a walk over the list. Whatever a session does (edits, moves,
/// sorts, undo, redo, saves, merges of what another session saved), they must be what a
/// walk over every record finds.
@Suite("Working list: what changed, found without a walk over the list")
struct WorkingListChangesTests {
    /// `hasUnsavedChanges` as a walk over every record finds it.
    static func unsavedByWalk(_ list: WorkingList) -> Bool {
        if list.isReordered { return true }
        let baseline = list.tracker.baseline
        var matched = 0
        for index in list.records.indices {
            switch baseline[list.records.key(at: index)] {
            case nil: continue
            case .absent: return true
            case .present(let saved):
                if saved.values != list.records[index].values { return true }
                matched += 1
            }
        }
        return baseline.savedCount > matched
    }

    /// `listChanges` as a walk over every record finds it: additions in list order, changed
    /// records from the end back, deletions in the baseline's order.
    static func changesByWalk(_ list: WorkingList) -> ListChanges {
        var changes = ListChanges()
        let (records, baseline) = (list.records, list.tracker.baseline)
        if list.isReordered { changes.order = records.indices.map(records.id(at:)) }
        var found = Set<RecordKey>()
        for index in records.indices.reversed() {
            guard let base = baseline[records.key(at: index)] else { continue }
            found.insert(records.key(at: index))
            switch base {
            case .absent:
                changes.added.insert(
                    .init(record: records[index], after: index > 0 ? records.id(at: index - 1) : nil), at: 0)
            case .present(let saved):
                if saved != records[index] { changes.changed.append(records[index]) }
            }
        }
        for case (let key, .present) in baseline where !found.contains(key) { changes.deleted.append(key.id) }
        return changes
    }

    /// Checks the session's own account against the walks, and that every record the
    /// baseline names is kept whole while it is in the list.
    static func expectAgreement(_ session: Session, after line: String) {
        let list = session.list
        #expect(list.hasUnsavedChanges == unsavedByWalk(list), "after '\(line)': unsaved")
        #expect(list.listChanges == changesByWalk(list), "after '\(line)': change set")
        for index in list.records.indices where list.tracker.baseline[list.records.key(at: index)] != nil {
            #expect(list.records.tableRow(at: index) == nil, "after '\(line)': a changed record is a table row")
        }
    }

    /// A random command of the ones that change records or save, for a list of `count` records.
    static func randomLine(_ step: Int, count: Int, using generator: inout SeededGenerator) -> String {
        func number() -> Int { Int.random(in: 1...max(1, count), using: &generator) }
        switch Int.random(in: 0..<14, using: &generator) {
        case 0, 1: return "new Person \(step)"
        case 2, 3, 4: return "edit \(number())"
        case 5, 6: return "set office Room \(step % 7)"
        case 7: return "delete \(number())"
        case 8: return "move \(number()) to \(number())"
        case 9: return step % 4 == 0 ? "sort name" : "sort office desc"
        case 10: return "undo"
        case 11: return "redo"
        default: return "save"
        }
    }

    @Test(
        "with another session saving to a file in between, the change set is what a walk finds",
        arguments: [1, 2, 3] as [UInt64])
    func wholeListMerges(seed: UInt64) throws {
        var generator = SeededGenerator(state: seed)
        let store = MemoryStore()
        store.put("/data/directory.plist", records: RecordListTests.people(120))
        var mine = try Session.test(store: store)
        var other = try Session.test(store: store)
        Self.expectAgreement(mine, after: "open")
        for step in 0..<300 {
            if step % 25 == 24 {
                // The other session edits, adds or deletes a record and saves; this one merges.
                let line = Self.randomLine(step, count: other.records.count, using: &generator)
                _ = try? other.run("refresh", line, "set name Other \(step)", "save")
                let merge = step % 50 == 49 ? "refresh" : "save"
                _ = try? mine.run(merge)
                Self.expectAgreement(mine, after: merge)
                continue
            }
            let line = Self.randomLine(step, count: mine.records.count, using: &generator)
            _ = try? mine.run(line)
            Self.expectAgreement(mine, after: line)
        }
    }

    @Test(
        "with another session's saves told as deltas, the change set is what a walk finds",
        arguments: [4, 5, 6] as [UInt64])
    func deltaMerges(seed: UInt64) throws {
        var generator = SeededGenerator(state: seed)
        let store = DeltaStore()
        store.files.put("/data/directory.plist", records: RecordListTests.people(120))
        var mine = try Session(
            location: "/data/directory.plist", kind: nil, store: store, environment: .fixed(now: 0))
        var merges = 0
        for step in 0..<300 {
            if step % 20 == 19, let saved = store.files.file("/data/directory.plist")?.records, saved.count > 1 {
                // Another session changes a record; the store tells it as a delta.
                let index = Int.random(in: 1..<saved.count, using: &generator)
                var theirs = saved[index]
                theirs.values[1] = .text("Theirs \(step)")
                store.saveOthers(changing: theirs, after: saved[index - 1].id)
                merges += 1
                _ = try? mine.run(step % 40 == 39 ? "refresh" : "save")
                Self.expectAgreement(mine, after: "a merge of a delta")
                continue
            }
            let line = Self.randomLine(step, count: mine.records.count, using: &generator)
            _ = try? mine.run(line)
            Self.expectAgreement(mine, after: line)
        }
        // Most merges took the delta (the whole list is read only after a sort or a conflict).
        #expect(store.loads - 1 < merges / 2)
    }

    @Test("an edit in the middle of a loaded list keeps whole that record alone, and a save sends it alone")
    func oneEditOneRecord() throws {
        let store = MemoryStore()
        store.put("/data/directory.plist", records: RecordListTests.people(2000))
        var session = try Session.test(store: store)
        #expect(session.records.indices.allSatisfy { session.records.tableRow(at: $0) != nil })
        try session.run("edit 1000", "set office Briggs 500")
        #expect(session.records.recordsKeptWhole.map(\.index) == [999])
        #expect(session.hasUnsavedChanges)
        #expect(session.list.listChanges.changed.map(\.id) == [session.records.id(at: 999)])
        try session.run("save")
        #expect(!session.hasUnsavedChanges)
        #expect(session.list.listChanges.isEmpty)
    }
}
