import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// The base a copy is merged with, and a save's merge with a file that lacks a field: the
/// cases a new user's trial of 1.9.0 found (trial 8), each of which lost an edit or brought
/// back a deleted record.
extension SessionCopyMergeTests {
    /// A clock the tests move (the kept versions' thinning reads it, never the real time).
    final class TestClock: @unchecked Sendable {
        var now = 2_000_000_000.0
    }

    /// A session on `place.list` keeping versions with autosave's thinning, by `clock`.
    static func thinningSession(_ place: Place, clock: TestClock) throws -> Session {
        var session = try Session(location: place.list, kind: nil, store: FileStore(), environment: .fixed())
        session.keepVersions(
            in: FileKeptVersions(
                folder: place.versions, thinning: FileKeptVersions.savesThinnedWithin, clock: { clock.now }))
        session.findConflictCopies(with: FileConflictCopies())
        return session
    }

    /// Writes `people` (dictionaries, as another program may leave keys out) as JSON to `path`.
    static func writeJSON(_ people: [[String: Any]], to path: String) throws {
        let data = try JSONSerialization.data(withJSONObject: people)
        #expect(FileManager.default.createFile(atPath: path, contents: data))
    }

    /// The version with Eve and no office, taken by a sync tool between two saves 1.5 s apart,
    /// less Bob (deleted on the phone); then Eve's office is set here and saved.
    static func copyBetweenTwoSaves(_ place: Place, clock: TestClock) throws -> (Session, String) {
        let saved = try place.newFileOfAnnAndBob()
        var session = try thinningSession(place, clock: clock)
        try session.run("new Eve", "save")
        clock.now += 1.5
        let copy = place.folder + "/sync/directory.sync-conflict-20261207-011111-PHONE01.json"
        try place.write(try place.read(place.list).filter { $0.id != saved[1].id }, to: copy)
        try session.run("set office E1", "save")
        return (session, copy)
    }

    @Test("a copy of a version the next save made less than a minute later keeps that save's edit")
    func copyOfAThinnedVersionKeepsTheNextSave() throws {
        let place = Place()
        defer { place.remove() }
        let clock = TestClock()
        var (session, copy) = try Self.copyBetweenTwoSaves(place, clock: clock)
        try session.run("merge conflicts", "save")
        #expect(try place.read(place.list).map(\.name) == ["Ann", "Eve"])
        #expect(try place.read(place.list).map(\.office) == ["A1", "E1"])
        #expect(!place.exists(copy))
    }

    @Test("once the version a copy came from dropped out of the kept steps, a changed field is a conflict")
    func copyOfALostStepIsAConflict() throws {
        let place = Place()
        defer { place.remove() }
        let clock = TestClock()
        var (session, copy) = try Self.copyBetweenTwoSaves(place, clock: clock)
        try session.run("edit Ann")
        for number in 1...(FileKeptVersions.stepsPerList + 1) {
            clock.now += 1
            try session.run("set office A\(number)", "save")
        }
        do {
            try session.run("merge conflicts")
            Issue.record("no conflict was listed")
        } catch let error as SessionError {
            #expect(error.message.contains("office is \"E1\" here but \"\""), "\(error.message)")
        }
        try session.run("save")
        #expect(try place.read(place.list).map(\.office) == ["A\(FileKeptVersions.stepsPerList + 1)", "E1"])
        #expect(place.exists(copy))
    }

    @Test("with autosave, a merge taken back by undo leaves the copy whole to merge again")
    func undoneAutosavedMergeLeavesTheCopyMergeable() throws {
        let place = Place()
        defer { place.remove() }
        let saved = try place.newFileOfAnnAndBob()
        let copy = place.folder + "/sync/directory 2.json"
        let carl = Self.person(0xCA, "Copy Carl", "C9")
        try place.write([Self.with(saved[0], office: "A-copy"), saved[1], carl], to: copy)
        var session = try Self.thinningSession(place, clock: TestClock())
        try session.run("autosave on", "merge conflicts", "undo")
        #expect(try place.read(place.list).map(\.office) == ["A1", "B1"])
        let report = Self.text(try session.run("merge conflicts"))
        #expect(report.contains("added 'Copy Carl'"), "\(report)")
        try session.run("save")
        #expect(try place.read(place.list).map(\.office) == ["A-copy", "B1", "C9"])
        #expect(!place.exists(copy))
    }

    @Test(
        "a save or refresh merged with a file that lacks a field keeps the field's values",
        arguments: [
            "save", "refresh",
        ])
    func fieldTheFileLacksIsNoChange(command: String) throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob, Self.cid], to: place.list)
        var session = try place.session()
        try session.run("edit Ann", "set name Ann Here")
        try Self.writeJSON(
            [
                ["id": Self.ann.id.uuidString, "name": "Ann"], ["id": Self.bob.id.uuidString, "name": "Bob Phone"],
                ["id": Self.cid.id.uuidString, "name": "Cid"],
            ], to: place.list)
        try session.run(command)
        #expect(session.records.map { $0.values[0] } == [.text("Ann Here"), .text("Bob Phone"), .text("Cid")])
        #expect(session.records.map { $0.values[1] } == [.text("A1"), .text("B1"), .text("C1")])
        try session.run("save")
        #expect(try place.read(place.list).map(\.office) == ["A1", "B1", "C1"])
    }

    @Test("ten conflict copies of one list each find their base: a deletion in the first stays")
    func tenCopiesEachFindTheirBase() throws {
        let place = Place()
        defer { place.remove() }
        let saved = try place.newFileOfAnnAndBob()
        var session = try place.session()
        for number in 0..<10 {
            var people = saved + [Self.person(UInt8(0x20 + number), "P\(number)", "")]
            if number == 0 { people.remove(at: 1) }
            try place.write(
                people,
                to: place.folder + "/sync/directory.sync-conflict-20261207-0111\(10 + number)-PHONE0\(number).json")
        }
        let report = Self.text(try session.run("merge conflicts"))
        #expect(!session.records.contains { $0.values[0] == .text("Bob") }, "\(report)")
        #expect(session.records.count == 11)
    }

    @Test("a copy that lacks a field finds its base though the version it came from changed that field")
    func copyLackingAFieldFindsItsBase() throws {
        let place = Place()
        defer { place.remove() }
        try place.write([Self.ann, Self.bob, Self.cid], to: place.list)
        var session = try place.session()
        try session.run("edit Ann", "set office A-here", "save")
        let copy = place.folder + "/sync/directory.sync-conflict-20261207-011111-PHONE01.json"
        try Self.writeJSON(
            [
                ["id": Self.ann.id.uuidString, "name": "Ann"], ["id": Self.bob.id.uuidString, "name": "Bobby"],
                ["id": Self.cid.id.uuidString, "name": "Cid"],
            ], to: copy)
        try session.run("edit Cid", "set office C-here", "save")
        try session.run("merge conflicts", "save")
        #expect(try place.read(place.list).map(\.name) == ["Ann", "Bobby", "Cid"])
        #expect(try place.read(place.list).map(\.office) == ["A-here", "B1", "C-here"])
        #expect(!place.exists(copy))
    }
}
