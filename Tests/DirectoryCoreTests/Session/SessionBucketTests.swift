import Testing

@testable import DirectoryCore

@Suite("Session: bucket lists")
struct SessionBucketTests {
    /// 2026-12-02T12:00:00Z as seconds since 2001.
    static let noon = 818_510_400.0

    @Test("new NAME, set note, done DATE and undone change an item")
    func doneAndUndone() throws {
        var session = try Session.test(path: "/data/bucketList.json", now: Self.noon)
        try session.run("new Learn Swift", "set note with the tutorials", "done 2026-05-01")
        let item = try #require(session.records.first)
        #expect(item.values[0] == .text("Learn Swift"))
        #expect(item.values[1] == .text("with the tutorials"))
        #expect(item.values[2] == .date(799_329_600))  // 2026-05-01T00:00:00Z
        try session.run("undone")
        #expect(session.records[0].values[2] == .date(ListKind.distantPast))
        try session.run("done")
        #expect(session.records[0].values[2] == .date(Self.noon))
    }

    @Test("set completedDate takes ISO dates, date-times, today and none")
    func setCompletedDate() throws {
        var session = try Session.test(path: "/data/bucketList.json", now: Self.noon)
        try session.run("new Trip", "set completedDate 2023-01-21T10:30:00.5Z")
        #expect(session.records[0].values[2] == .date(695_989_800.5))
        try session.run("set completedDate none")
        #expect(session.records[0].values[2] == .date(ListKind.distantPast))
        #expect(throws: SessionError.invalidDate("yesterday-ish")) {
            try session.run("set completedDate yesterday-ish")
        }
    }

    @Test("done on a people list says it is for bucket lists")
    func doneNeedsBucketList() throws {
        var session = try Session.test()
        try session.run("edit 1")
        #expect(throws: SessionError.wrongKind(command: "done", kinds: ["bucket"], current: "person")) {
            try session.run("done")
        }
    }

    @Test("--kind bucket makes any file name a bucket list")
    func kindOverridesFileName() throws {
        let session = try Session.test(path: "/data/things.json", kind: .bucket)
        #expect(session.kind == .bucket)
    }

    @Test("the list shows a completion mark and the local date")
    func listShowsCompletion() throws {
        var session = try Session.test(path: "/data/bucketList.json", now: Self.noon)
        try session.run("new Learn Swift", "done 2023-01-21", "new Skydive")
        guard case .records(let listing) = try session.run("list") else { return }
        let text = RecordRenderer(format: .table, utcOffset: { _ in 0 }).render(listing)
        #expect(text == "  1  Learn Swift  ✓ 2023-01-21\n  2  Skydive\n")
    }
}
