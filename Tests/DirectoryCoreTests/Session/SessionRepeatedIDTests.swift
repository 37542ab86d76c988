import Testing

@testable import DirectoryCore

/// Records that share an id: distinct while editing, matched by order (and contents) in a merge.
@Suite("Session: records that share an id")
struct SessionRepeatedIDTests {
    static let shared = RecordID(high: 0x4000, low: 0x8000_0000_0000_0ABC)
    static let path = "/data/directory.plist"

    /// `[First, Second, Third]` where First and Second share an id, opened by two sessions.
    func twoSessions() throws -> (MemoryStore, Session, Session) {
        let store = MemoryStore()
        store.put(
            Self.path,
            records: [
                Record(id: Self.shared, values: [.text("First"), .text("1")]),
                Record(id: Self.shared, values: [.text("Second"), .text("2")]),
                Record(id: RecordID(high: 0x4000, low: 0x8000_0000_0000_0DEF), values: [.text("Third"), .text("3")]),
            ])
        return (store, try Session.test(store: store), try Session.test(store: store))
    }

    /// One three-way case: what each session does (the first saves first) and the file after both saves.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let first: [String]
        let second: [String]
        /// "name office" per record, or `nil` when the second save must be refused.
        let expected: [String]?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "edit first / edit third", first: ["edit 1", "set office 10"], second: ["edit 3", "set office 30"],
            expected: ["First 10", "Second 2", "Third 30"]),
        Case(
            name: "edit first / edit second", first: ["edit 1", "set office 10"], second: ["edit 2", "set office 20"],
            expected: ["First 10", "Second 20", "Third 3"]),
        Case(
            name: "edit second / edit first", first: ["edit 2", "set office 20"], second: ["edit 1", "set office 10"],
            expected: ["First 10", "Second 20", "Third 3"]),
        Case(
            name: "different fields of first", first: ["edit 1", "set name Uno"], second: ["edit 1", "set office 10"],
            expected: ["Uno 10", "Second 2", "Third 3"]),
        Case(
            name: "same field of first", first: ["edit 1", "set office 10"], second: ["edit 1", "set office 11"],
            expected: nil),
        Case(
            name: "delete first / edit second", first: ["delete 1"], second: ["edit 2", "set office 20"],
            expected: ["Second 20", "Third 3"]),
        Case(
            name: "delete second / edit first", first: ["delete 2"], second: ["edit 1", "set office 10"],
            expected: ["First 10", "Third 3"]),
        Case(
            name: "delete first / delete second", first: ["delete 1"], second: ["delete 2"],
            expected: ["Third 3"]),
        Case(
            name: "delete first / delete first", first: ["delete 1"], second: ["delete 1"],
            expected: ["Second 2", "Third 3"]),
        Case(
            name: "delete first / edit first", first: ["delete 1"], second: ["edit 1", "set office 10"],
            expected: nil),
        Case(
            name: "edit second / delete first", first: ["edit 2", "set office 20"], second: ["delete 1"],
            expected: ["Second 20", "Third 3"]),
        Case(
            name: "add / delete second", first: ["new Fourth", "set office 4"], second: ["delete 2"],
            expected: ["First 1", "Third 3", "Fourth 4"]),
        Case(
            name: "nothing / edit second", first: [], second: ["edit 2", "set office 20"],
            expected: ["First 1", "Second 20", "Third 3"]),
    ]

    @Test("a merge never drops, duplicates or falsely conflicts on records that share an id", arguments: cases)
    func threeWay(_ test: Case) throws {
        var (store, first, second) = try twoSessions()
        for line in test.first { try first.run(line) }
        try first.run("save")
        for line in test.second { try second.run(line) }
        guard let expected = test.expected else {
            #expect(throws: SessionError.self) { try second.run("save") }
            return
        }
        try second.run("save")
        let saved = store.file(Self.path)?.records.map { "\($0.values[0].text ?? "") \($0.values[1].text ?? "")" }
        #expect(saved == expected)
    }

    @Test("opening warns; editing one of two records with the same id is exactly one change")
    func editingOneIsOneChange() throws {
        var (_, session, _) = try twoSessions()
        #expect(session.repeatedIDWarning?.contains("1 id is shared by more than one record") == true)
        try session.run("edit 2", "set office 20")
        #expect(session.unsavedChanges().count == 1)
        #expect(session.unsavedChanges().first?.record.values[0] == .text("Second"))
        try session.run("delete 1")
        #expect(session.unsavedChanges().count == 2)
        try session.run("undo", "undo")
        #expect(!session.hasUnsavedChanges)
    }

    @Test("after a save that deleted one, the next merge matches the rest again")
    func savesTwice() throws {
        var (store, first, second) = try twoSessions()
        try first.run("delete 1", "save", "edit 1", "set office 20", "save")
        try second.run("edit 3", "set office 30", "save")
        let saved = store.file(Self.path)?.records.map { $0.values[1] }
        #expect(saved == [.text("20"), .text("30")])
        #expect(first.repeatedIDWarning == nil)
    }

    @Test("an id repeated by the other session keeps both of its records")
    func repeatedByOthers() throws {
        let store = MemoryStore()
        var first = try Session.test(store: store)
        try first.run("save")
        var second = try Session.test(store: store)
        var records = first.records.array
        records.append(records[0])
        records[3].values[1] = .text("copy")
        store.put(Self.path, records: records)
        try second.run("edit 2", "set office 20", "save")
        let saved = store.file(Self.path)?.records.map { $0.values[1] }
        #expect(saved == [records[0].values[1], .text("20"), records[2].values[1], .text("copy")])
    }

    @Test("moving one of two records that share an id moves exactly that one, and saves the order")
    func moveOneOfTwo() throws {
        var (store, session, _) = try twoSessions()
        try session.run("move 2 to 3")
        #expect(session.hasUnsavedChanges)
        #expect(session.records.map { $0.values[0] } == [.text("First"), .text("Third"), .text("Second")])
        try session.run("save")
        let saved = store.file(Self.path)?.records.map { $0.values[0] }
        #expect(saved == [.text("First"), .text("Third"), .text("Second")])
    }

    @Test("editor refuses records whose id another record shares, naming them, and changes nothing")
    func editorRefusesRepeatedIDs() throws {
        let (_, session, _) = try twoSessions()
        #expect(throws: SessionError.editorRepeatedIDs([1, 2])) { try session.editorDocument(for: []) }
        #expect(throws: SessionError.editorRepeatedIDs([2])) { try session.editorDocument(for: [.range(2, 3)]) }
        let third = try session.editorDocument(for: [.number(3)])
        #expect(third.ids.count == 1)
    }
}
