import Testing

@testable import DirectoryCore

@Suite("Session: save as and export never replace a file silently")
struct SessionOverwriteTests {
    static let path = "/data/directory.plist"
    static let other = "/data/other.plist"

    /// A saved session, and another list saved at `other` with one person.
    func sessionBesideAnotherList() throws -> (MemoryStore, Session) {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        try session.run("save")
        store.put(Self.other, records: [Record(id: RecordID(high: 9, low: 9), values: [.text("Other"), .text("")])])
        return (store, session)
    }

    @Test("save as onto another list is refused, naming the file and the ! form; nothing changes")
    func saveAsRefused() throws {
        var (store, session) = try sessionBesideAnotherList()
        try session.run("new Unsaved")
        #expect(throws: SessionError.fileExists(location: Self.other, replacing: "save! as \(Self.other)")) {
            try session.run("save as \(Self.other)")
        }
        let message = SessionError.fileExists(location: Self.other, replacing: "save! as \(Self.other)").message
        #expect(
            message == "\(Self.other) already exists and was left as it is; to replace it on purpose use "
                + "'save! as \(Self.other)', or choose another path")
        #expect(store.file(Self.other)?.records.count == 1)
        #expect(session.location == Self.path)
        #expect(session.hasUnsavedChanges)
    }

    @Test("save! as replaces the file and makes it the list's file")
    func saveBangAsReplaces() throws {
        var (store, session) = try sessionBesideAnotherList()
        try session.run("save! as \(Self.other)")
        #expect(store.file(Self.other)?.records.count == 3)
        #expect(session.location == Self.other)
        #expect(!session.hasUnsavedChanges)
    }

    @Test("save as the list's own file, or a new path, needs no !")
    func saveAsOwnOrNewFile() throws {
        var (store, session) = try sessionBesideAnotherList()
        try session.run("new X", "save as \(Self.path)")
        #expect(store.file(Self.path)?.records.count == 4)
        try session.run("save as /data/new.plist")
        #expect(store.file("/data/new.plist")?.records.count == 4)
    }

    @Test("save as the list's own file merges what another session saved, as save does (found trying it)")
    func saveAsOwnFileMerges() throws {
        var (store, session) = try sessionBesideAnotherList()
        var other = try Session.test(store: store)
        try other.run("new Theirs", "save")
        try session.run("new Mine", "save as \(Self.path)")
        let names = store.file(Self.path)?.records.map { $0.values[0] } ?? []
        #expect(names.contains(.text("Theirs")) && names.contains(.text("Mine")), "\(names)")
        #expect(names.count == 5)
    }

    @Test("export onto an existing file, a plain one or a list, is refused; export! replaces it")
    func exportRefusedThenReplaced() throws {
        var (store, session) = try sessionBesideAnotherList()
        store.putPlain("/data/people.csv", "keep me\n")
        let refusal = SessionError.fileExists(location: "/data/people.csv", replacing: "export! csv /data/people.csv")
        #expect(throws: refusal) { try session.run("export csv /data/people.csv") }
        #expect(store.plainFile("/data/people.csv") == Array("keep me\n".utf8))
        #expect(throws: SessionError.fileExists(location: Self.other, replacing: "export! json \(Self.other)")) {
            try session.run("export json \(Self.other)")
        }
        let separated = SessionError.fileExists(
            location: "/data/people.csv", replacing: "export! csv --separator ; /data/people.csv")
        #expect(throws: separated) { try session.run("export csv --separator ; /data/people.csv") }
        try session.run("export! csv /data/people.csv")
        let text = String(decoding: store.plainFile("/data/people.csv") ?? [], as: UTF8.self)
        #expect(text.hasPrefix("id,name,office\r\n"))
        try session.run("export csv /data/new.csv")
        #expect(store.plainFile("/data/new.csv") != nil)
    }
}
