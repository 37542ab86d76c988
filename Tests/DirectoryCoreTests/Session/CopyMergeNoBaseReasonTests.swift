import Testing

@testable import DirectoryCore

/// A merge that can have no base says why (trial 9, findings 6 and 7).
@Suite("Session: why a copy merges without a base")
struct CopyMergeNoBaseReasonTests {
    static let database = "postgresql:///dept"

    @Test("a file saved from a database list and merged back says that a database list's versions are not kept")
    func databaseList() throws {
        let files = MemoryStore()
        let rows = MemoryStore(medium: .database)
        var session = try Session(
            location: Self.database, kind: nil, stores: ListStores(files: files, database: rows),
            environment: .fixed())
        try session.run("save")
        var exported = session.records.array
        exported[1].values[1] = .text("file-side")
        try files.save(RecordList(exported), kind: .person, format: .binaryPlist, to: "/data/exp.plist")
        try session.run("edit 1", "set office pg-side", "save")
        do {
            let output = try session.run("merge /data/exp.plist")
            Issue.record("no conflict: \(output)")
        } catch let error as SessionError {
            #expect(error.message.contains("(versions of a database list are not kept: "), "\(error.message)")
            #expect(error.message.contains("take the copy's values with the commands shown"), "\(error.message)")
        }
    }

    @Test("a file list merged without a base for want of a common version says no more than that")
    func fileList() throws {
        let store = MemoryStore()
        var session = try Session.test(store: store)
        try session.run("save")
        var copy = session.records.array
        copy[1].values[1] = .text("copy-side")
        try store.save(RecordList(copy), kind: .person, format: .binaryPlist, to: "/data/other.plist")
        try session.run("edit 1", "set office here")
        do {
            let output = try session.run("merge /data/other.plist")
            Issue.record("no conflict: \(output)")
        } catch let error as SessionError {
            #expect(error.message.contains("is one both could have come from, so nothing"), "\(error.message)")
            #expect(!error.message.contains("are not kept"), "\(error.message)")
        }
    }
}
