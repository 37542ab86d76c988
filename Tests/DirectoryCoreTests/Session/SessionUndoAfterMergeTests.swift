import Testing

@testable import DirectoryCore

@Suite("Session: undo after a merge that cleared its history")
struct SessionUndoAfterMergeTests {
    @Test("undo says a merge cleared the history, instead of a bare 'nothing to undo'; a new edit undoes again")
    func undoSaysWhy() throws {
        let store = MemoryStore()
        var first = try Session.test(store: store)
        try first.run("save")
        var second = try Session.test(store: store)
        try first.run("new From First", "save")
        try second.run("new From Second", "save")
        do {
            try second.run("undo")
            Issue.record("undo should have failed")
        } catch let error as SessionError {
            #expect(error.message.contains("merging what another session saved cleared the undo history"))
        }
        try second.run("edit 1", "set office Here")
        _ = try second.run("undo")
        do {
            try second.run("undo")
            Issue.record("the second undo should have failed")
        } catch let error as SessionError {
            #expect(error.message == "nothing to undo")
        }
    }
}
