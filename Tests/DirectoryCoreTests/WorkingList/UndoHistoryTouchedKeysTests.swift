import Testing

@testable import DirectoryCore

/// Which records the undo history touches is read through its insertions and removals
/// instead of on a copy of every key; both ways must name the same records.
@Suite("Undo history: the records it touches, without a copy of every key")
struct UndoHistoryTouchedKeysTests {
    @Test(
        "after random edits, the touched keys read through the shifts are those a replay on every key finds",
        arguments: [7, 8, 9, 10] as [UInt64])
    func agreesWithReplay(seed: UInt64) throws {
        var generator = SeededGenerator(state: seed)
        let store = MemoryStore()
        store.put("/data/directory.plist", records: RecordListTests.people(60))
        var session = try Session.test(store: store)
        for step in 0..<150 {
            let line = WorkingListChangesTests.randomLine(step, count: session.records.count, using: &generator)
            _ = try? session.run(line == "save" ? "set name Saved \(step)" : line)
            let undo = session.list.tracker.undo
            let replayed = undo.touchedKeys(undoingFrom: session.records.keys)
            #expect(undo.touchedKeys(undoingFrom: session.records) == replayed, "after '\(line)'")
        }
    }

    @Test("a history with more shifts than the budget still names every record it touches")
    func beyondTheBudget() throws {
        let store = MemoryStore()
        store.put("/data/directory.plist", records: RecordListTests.people(10))
        var session = try Session.test(store: store)
        for step in 0..<(UndoHistory.shiftBudget + 10) {
            try session.run("new Person \(step)", step % 2 == 0 ? "delete 1" : "move 2 to 1")
        }
        let undo = session.list.tracker.undo
        let replayed = undo.touchedKeys(undoingFrom: session.records.keys)
        #expect(replayed != nil)
        #expect(undo.touchedKeys(undoingFrom: session.records) == replayed)
    }
}
