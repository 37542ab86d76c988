import Testing

@testable import DirectoryCore

/// A store whose saves land, but report that another program wrote late to the version they
/// replaced, as `FileStore` does when its lease was broken during the swap.
private final class LateWriteStore: ListStore {
    let files = MemoryStore()
    let kept: String?

    init(kept: String?) { self.kept = kept }

    func load(location: String, kind: ListKind?, fallback: ListKind) throws(StorageError) -> LoadedList? {
        try files.load(location: location, kind: kind, fallback: fallback)
    }
    var medium: StoreMedium { .file }
    func write(_ list: ListWrite, to location: String, replacing: ListWrite.Replacing) throws(StorageError)
        -> ListVersion
    {
        let written = try files.write(list, to: location, replacing: replacing)
        guard case .file(let version) = written else { return written }
        throw .lateWriteKept(path: location, kept: kept, saved: version)
    }
    func version(at location: String, known: ListVersion?) throws(StorageError) -> ListVersion? {
        try files.version(at: location, known: known)
    }
    func lock(location: String) throws(StorageError) -> ListLock { ListLock {} }
    func readBytes(path: String) throws(StorageError) -> [UInt8] { try files.readBytes(path: path) }
    func writeBytes(_ bytes: [UInt8], to path: String) throws(StorageError) { try files.writeBytes(bytes, to: path) }
}

@Suite("Session: a save during which another program wrote late")
struct SessionLateWriteTests {
    @Test("the save is in place, so it succeeds, nothing stays unsaved, and the late copy is offered to merge")
    func lateCopyIsASuccess() throws {
        let store = LateWriteStore(kept: "/data/directory.plist.late-7-8")
        var session = try Session(location: "/data/directory.plist", kind: nil, store: store, environment: .fixed())
        try session.run("new Mine")
        let output = try session.run("save")
        guard case .warning(let text) = output else {
            Issue.record("the save said no warning: \(output)")
            return
        }
        #expect(text.hasPrefix("Saved 4 people to directory.plist."))
        #expect(text.contains("kept as /data/directory.plist.late-7-8"))
        #expect(text.contains("'merge conflicts'"))
        #expect(!session.hasUnsavedChanges)
        #expect(store.files.file("/data/directory.plist")?.records.count == 4)
    }

    @Test("when the late write could not be copied, the save is in place but the command fails, saying so")
    func lostLateWriteFails() throws {
        let store = LateWriteStore(kept: nil)
        var session = try Session(location: "/data/directory.plist", kind: nil, store: store, environment: .fixed())
        try session.run("new Mine")
        #expect(throws: SessionError.self) { try session.run("save") }
        #expect(!session.hasUnsavedChanges)
    }
}
