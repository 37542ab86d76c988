import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// What merging conflict copies says, and what the session says after it: found in a
/// newcomer's trial (issue 31).
@Suite("Session: what a merge of copies reports, and what follows it")
struct SessionCopyMergeReportTests {
    typealias Place = SessionCopyMergeTests.Place
    static let ann = SessionCopyMergeTests.ann
    static let bob = SessionCopyMergeTests.bob
    static let cid = SessionCopyMergeTests.cid
    static let eve = SessionCopyMergeTests.eve

    static func text(_ output: CommandOutput) -> String { SessionCopyMergeTests.text(output) }

    /// Writes `people` to `path`, last written `age` seconds ago.
    static func write(_ people: [AppPerson], to path: String, age: Double, in place: Place) throws {
        try place.write(people, to: path)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path)
    }

    @Test("two copies that changed one field differently clash with each other, not with 'your' value")
    func clashBetweenCopiesNamesBoth() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob], to: place.list)
        var session = try place.session()
        // A save of this session's: the version read is then known as where the list came from.
        // (An edit, not `new`: the test clock's ids could be those of the people written here.)
        try session.run("edit Bob", "set office B2", "save")
        let older = place.list + ".conflict1"
        let newer = place.list + ".conflict2"
        try Self.write(
            [SessionCopyMergeTests.with(Self.ann, office: "Older"), Self.bob], to: older, age: 100, in: place)
        try Self.write(
            [SessionCopyMergeTests.with(Self.ann, office: "Newer"), Self.bob], to: newer, age: 10, in: place)
        var report = ""
        do {
            try session.run("merge conflicts")
            Issue.record("the clash did not fail the merge")
        } catch let error as SessionError {
            report = error.message
        }
        #expect(
            report.contains(
                "office is \"Older\" in directory.json.conflict1 but \"Newer\" in directory.json.conflict2; kept \"Older\""
            ), "\(report)")
        #expect(report.contains("1 conflict, the value here kept"), "\(report)")
        #expect(!report.contains("your"), "neither value is this session's: \(report)")
        #expect(session.records[0].values[1] == .text("Older"))
    }

    @Test(
        "a clash with this list's value is worded as this list's, not 'yours': it may be the phone's (found trying it)")
    func clashWithThisListIsWordedSo() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob], to: place.list)
        var session = try place.session()
        // A save of this session's: the version read is then known as where the list came from.
        // (An edit, not `new`: the test clock's ids could be those of the people written here.)
        try session.run("edit Ann", "set office Mine", "save")
        let older = place.list + ".conflict1"
        let newer = place.list + ".conflict2"
        try Self.write([Self.ann, SessionCopyMergeTests.with(Self.bob, office: "B7")], to: older, age: 100, in: place)
        try Self.write(
            [SessionCopyMergeTests.with(Self.ann, office: "Theirs"), Self.bob], to: newer, age: 10, in: place)
        do {
            try session.run("merge conflicts")
        } catch let error as SessionError {
            #expect(error.message.contains("office is \"Mine\" here but \"Theirs\""), "\(error.message)")
            #expect(error.message.contains("this list's value kept"), "\(error.message)")
            #expect(!error.message.contains("your"), "\(error.message)")
        }
    }

    @Test("changes after a merge that deleted a record and moved another gives the place the file has")
    func changesCountsDeletedRecordsInOldPlaces() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob, Self.cid, Self.eve], to: place.list)
        var session = try place.session()
        // A save of this session's: the version read is then known as where the list came from.
        // (An edit, not `new`: the test clock's ids could be those of the people written here.)
        try session.run("edit Cid", "set office C2", "save")
        let copy = place.list + ".conflict1"
        try place.write([Self.eve, Self.ann, Self.cid], to: copy)
        try session.run("merge conflicts")
        #expect(session.names == ["Eve", "Ann", "Cid"])
        let changes = Self.text(try session.run("changes"))
        // Eve was 4th in the file, Bob (deleted) 2nd: counted without Bob she would be 3rd.
        #expect(changes.contains("moved    1 Eve: was 4 in the file"), "\(changes)")
        #expect(changes.contains("deleted  ") && changes.contains("Bob"), "\(changes)")
    }

    @Test("copies merged with --keep are not advised again by the save or a refresh of the same session")
    func keptCopiesNotAdvisedAgain() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann], to: place.list)
        var session = try place.session()
        // A save of this session's: the version read is then known as where the list came from.
        // (An edit, not `new`: the test clock's ids could be those of the people written here.)
        try session.run("edit Ann", "set office A2", "save")
        let copy = place.list + ".conflict1"
        try Self.write([Self.ann, Self.eve], to: copy, age: 100, in: place)
        #expect(session.conflictNotice != nil)
        let saved = Self.text(try session.run("merge --keep conflicts", "save"))
        #expect(place.exists(copy))
        #expect(!saved.contains("merge conflicts"), "\(saved)")
        #expect(session.conflictNotice == nil)
        #expect(!Self.text(try session.run("refresh")).contains("merge conflicts"))
        // Written again, it is news.
        try Self.write([Self.ann, Self.eve, Self.cid], to: copy, age: 1, in: place)
        #expect(session.conflictNotice?.contains("directory.json.conflict1") == true)
    }

    @Test("a copy whose value a conflict did not take is kept by the save, and merge! of it later takes it")
    func copyWithUntakenConflictIsKept() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob], to: place.list)
        var session = try place.session()
        try session.run("edit Bob", "set office B2", "save")
        let copy = place.list + ".conflict1"
        try Self.write(
            [
                SessionCopyMergeTests.with(Self.ann, office: "Theirs"),
                SessionCopyMergeTests.with(Self.bob, office: "B2"),
            ],
            to: copy, age: 100, in: place)
        try session.run("edit Ann", "set office Mine")
        var report = ""
        do {
            try session.run("merge conflicts")
            Issue.record("the conflict did not fail the merge")
        } catch let error as SessionError {
            report = error.message
        }
        #expect(report.contains("A copy whose values a conflict did not take is kept."), "\(report)")
        let saved = Self.text(try session.run("save"))
        #expect(place.exists(copy), "the copy's value exists nowhere else")
        #expect(saved.contains("Kept directory.json.conflict1: 1 value of it a conflict did not take"), "\(saved)")
        #expect(session.conflictNotice == nil, "named by the save: not advised again in this session")
        // Not taken for where the saved list came from: merge! still sees the conflict and takes it.
        let taking = Self.text(try session.run("merge! conflicts"))
        // The taken conflict's record is counted once, as changed.
        #expect(taking.contains("changed 1, deleted 0; 1 conflict among them, the copy's value taken"), "\(taking)")
        let taken = Self.text(try session.run("save"))
        #expect(session.records[0].values[1] == .text("Theirs"))
        #expect(!place.exists(copy), "\(taken)")
    }

    @Test("a file named like a copy that shares no record with the list is another list: not merged, not removed")
    func unrelatedListIsNotMerged() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob], to: place.list)
        var session = try place.session()
        let other = place.list.replacingOccurrences(of: "directory.json", with: "directory 2.json")
        try Self.write([Self.eve], to: other, age: 100, in: place)
        #expect(Self.text(try session.run("conflicts")).contains("shares no record with directory.json"))
        var report = ""
        do {
            try session.run("merge conflicts")
            Issue.record("an unrelated list was merged")
        } catch let error as SessionError {
            report = error.message
        }
        #expect(report.contains("shares no record with directory.json"), "\(report)")
        #expect(session.records.count == 2)
        _ = try session.run("save")
        #expect(place.exists(other))
    }
}
