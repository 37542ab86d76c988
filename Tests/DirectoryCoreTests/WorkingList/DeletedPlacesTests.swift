import Testing

@testable import DirectoryCore

@Suite("DeletedPlaces: changes numbers a moved record as the file has it, records deleted before the move counted")
struct DeletedPlacesTests {
    /// A session whose saved list is P1 … P`count`, in `store`.
    func saved(_ count: Int, store: MemoryStore = MemoryStore()) throws -> Session {
        var session = try Session.test(store: store)
        try session.run("delete 1-3")
        for number in 1...count { try session.run("new P\(number)") }
        try session.run("save")
        return session
    }

    /// What `changes` says.
    func changes(_ session: inout Session) throws -> String {
        guard case .text(let text) = try session.run("changes") else { return "" }
        return text
    }

    @Test("delete 3 then move 3 to 1: the moved record was 4th in the file")
    func deleteThenMove() throws {
        var session = try saved(5)
        try session.run("delete 3", "move 3 to 1")
        let text = try changes(&session)
        #expect(text.contains("moved    1 P4: was 4 in the file"), "\(text)")
        #expect(text.contains("deleted  P3"), "\(text)")
    }

    @Test(
        "deletions, undone ones and additions before a move each count as the file has them",
        arguments: [
            (["delete 2", "delete 3", "move 3 to 1"], "moved    1 P5: was 5 in the file"),
            (["delete 4", "delete 1", "move 3 to 1"], "moved    1 P5: was 5 in the file"),
            (["delete 2 3", "undo", "delete 3", "move 4 to 1"], "moved    1 P5: was 5 in the file"),
            (["delete 2", "new Q", "delete 1", "move 3 to 1"], "moved    1 P5: was 5 in the file"),
            (["delete 1", "undo", "redo", "move 4 to 1"], "moved    1 P5: was 5 in the file"),
            (["delete 5", "delete 1", "move 3 to 1"], "moved    1 P4: was 4 in the file"),
        ])
    func mixes(script: [String], line: String) throws {
        var session = try saved(5)
        for command in script { try session.run(command) }
        let text = try changes(&session)
        #expect(text.contains(line), "\(script): \(text)")
    }

    @Test("after a refresh that took in another session's deletion, a move is numbered as the file is now")
    func afterRefresh() throws {
        let store = MemoryStore()
        var ours = try saved(5, store: store)
        var theirs = try Session.test(store: store)
        try ours.run("delete 2")
        try theirs.run("delete 1", "save")
        try ours.run("refresh", "move 3 to 1")
        #expect(ours.names == ["P5", "P3", "P4"])
        let text = try changes(&ours)
        #expect(text.contains("moved    1 P5: was 4 in the file"), "\(text)")
    }

    @Test("after any mix of new, delete, move, undo and redo, each moved record's number is its place in the file")
    func randomMixes() throws {
        var generator = SeededGenerator(state: 7)
        var checked = 0
        for round in 0..<80 {
            let store = MemoryStore()
            var session = try saved(8, store: store)
            let file = try #require(store.file("/data/directory.plist")).records.map(\.key)
            var script: [String] = []
            for step in 0..<8 {
                let count = session.records.count
                let first = Int.random(in: 1...max(count, 1), using: &generator)
                let second = Int.random(in: 1...max(count, 1), using: &generator)
                let line: String
                switch Int.random(in: 0..<7, using: &generator) {
                case 0: line = "new N\(round)-\(step)"
                case 1, 2: line = count > 1 ? "delete \(first)" : "undo"
                case 3, 4: line = first != second ? "move \(first) to \(second)" : "redo"
                case 5: line = "undo"
                default: line = "redo"
                }
                script.append(line)
                _ = try? session.run(line)  // nothing to undo or redo is refused: the mix goes on
            }
            for change in session.unsavedChanges() {
                guard case .moved(let savedNumber) = change.kind else { continue }
                #expect(file.firstIndex(of: change.record.key).map { $0 + 1 } == savedNumber, "\(script)")
                checked += 1
            }
        }
        #expect(checked > 40)
    }
}
