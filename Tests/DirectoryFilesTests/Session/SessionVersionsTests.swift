import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// `versions` and `restore` on real files: the versions this program kept of a list, listed and
/// brought back as one unsaved change.
@Suite("Session: kept versions listed and restored")
struct SessionVersionsTests {
    typealias Place = SessionCopyMergeTests.Place

    static func text(_ output: CommandOutput) -> String { SessionCopyMergeTests.text(output) }

    /// Ann and Bob saved, then Bob's office changed and saved, then Cid added and Ann deleted
    /// and saved: three versions, the newest the file.
    static func threeSaves(_ place: Place) throws -> Session {
        var session = try place.session(place.folder + "/sync/scratch.json")
        try session.run("delete 1-3", "new Ann", "set office A1", "new Bob", "set office B1", "save as " + place.list)
        try session.run("edit Bob", "set office B2", "save")
        try session.run("new Cid", "set office C1", "delete 1", "save")
        return try place.session()
    }

    @Test("versions numbers the list's own versions newest first, with who wrote each and what restore would change")
    func versionsListed() throws {
        let place = Place()
        defer { place.remove() }
        var session = try Self.threeSaves(place)
        let lines = Self.text(try session.run("versions")).split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        #expect(lines[0].hasPrefix("Versions of directory.json kept here, newest first"))
        #expect(lines[1].contains("saved here"), "\(lines[1])")
        #expect(lines[1].contains("2 people"), "\(lines[1])")
        #expect(lines[1].hasSuffix("the same as the list now (the file as last read or saved here)"), "\(lines[1])")
        #expect(lines[2].hasSuffix("restore would add 1 person, delete 1 person"), "\(lines[2])")
        #expect(lines[3].hasSuffix("restore would add 1 person, delete 1 person, change 1 person"), "\(lines[3])")
        #expect(lines[1].wholeMatch(of: #/  1  \d{4}-\d\d-\d\d \d\d:\d\d  saved here  2 people  .*/#) != nil)
        // A copy read for a merge is not one of the list's versions.
        try place.write([SessionCopyMergeTests.ann], to: place.folder + "/sync/directory 2.json")
        var merging = try place.session()
        _ = try? merging.run("merge directory 2.json")
        #expect(Self.text(try merging.run("versions")).split(separator: "\n").count == 4)
    }

    @Test("restore N makes the list that version as one change: changes lists it, undo takes it back, save writes it")
    func wholeVersionRestored() throws {
        let place = Place()
        defer { place.remove() }
        var session = try Self.threeSaves(place)
        try session.run("new Dan")
        let said = Self.text(try session.run("restore 3"))
        #expect(
            said == "Restored version 3: added 1 person, deleted 2 people, changed 1 person, in one change "
                + "('undo' takes it back, 'save' writes it).", "\(said)")
        #expect(session.names == ["Ann", "Bob"])
        #expect(session.records[1].values[1].text == "B1")
        try session.run("undo")
        #expect(session.names == ["Bob", "Cid", "Dan"])
        try session.run("redo", "save")
        #expect(try place.read(place.list).map(\.name) == ["Ann", "Bob"])
        #expect(try place.read(place.list).map(\.office) == ["A1", "B1"])
        // Versions are named by their contents: the one restored is the newest now, not kept twice.
        let lines = Self.text(try session.run("versions")).split(separator: "\n")
        #expect(lines.count == 4, "\(lines)")
        #expect(lines[1].hasSuffix("the same as the list now (the file as last read or saved here)"))
    }

    @Test("restore N NAME brings one record back as it was there, at its place, and keeps every other edit")
    func oneRecordRestored() throws {
        let place = Place()
        defer { place.remove() }
        var session = try Self.threeSaves(place)
        try session.run("edit Cid", "set office C2")
        let said = Self.text(try session.run("restore 2 Ann"))
        #expect(said.hasPrefix("Restored version 2: added 1 person, in one change"), "\(said)")
        #expect(session.names == ["Ann", "Bob", "Cid"])
        #expect(session.records[2].values[1].text == "C2")
        // By number in that version: Bob (record 2 there) gets its office of version 3 back.
        try session.run("restore 3 2")
        #expect(session.records[1].values[1].text == "B1")
        #expect(
            Self.text(try session.run("restore 3 2")) == "Nothing changed: the records named are as version 3 holds.")
        #expect(throws: SessionError.nameNotFound("Zed")) { try session.run("restore 3 Zed") }
    }

    @Test("restore refuses a number past the kept versions and one whose kept copy is damaged, changing nothing")
    func missingVersions() throws {
        let place = Place()
        defer { place.remove() }
        var session = try Self.threeSaves(place)
        #expect(throws: SessionError.noSuchVersion(4, count: 3)) { try session.run("restore 4") }
        for name in try FileManager.default.contentsOfDirectory(atPath: place.versions) where name.hasSuffix(".list") {
            #expect(FileManager.default.createFile(atPath: place.versions + "/" + name, contents: Data("{".utf8)))
        }
        #expect(throws: SessionError.versionUnreadable(2, list: "directory.json")) { try session.run("restore 2") }
        #expect(Self.text(try session.run("versions")).contains("(its kept copy cannot be read)"))
        #expect(!session.hasUnsavedChanges)
    }

    @Test("versions with none kept says why: no state folder, or a file bigger than the store keeps")
    func noneKept() throws {
        let place = Place()
        defer { place.remove() }
        _ = try Self.threeSaves(place)
        var bare = try Session(location: place.list, kind: nil, store: FileStore(), environment: .fixed())
        #expect(throws: SessionError.self) { try bare.run("versions") }
        do {
            try bare.run("restore 1")
        } catch let error as SessionError {
            #expect(error.message.hasPrefix("no version of directory.json is kept: a version is kept each time"))
        }
        var small = try Session(location: place.list, kind: nil, store: FileStore(), environment: .fixed())
        small.keepVersions(in: SmallKeptVersions(folder: place.folder + "/small"))
        do {
            try small.run("versions")
            Issue.record("versions of a file bigger than any kept version listed something")
        } catch let error as SessionError {
            #expect(
                error.message.contains("versions of a list over 16 bytes are not kept (this one is 0 MiB)"),
                "\(error.message)")
        }
    }

    /// A store that keeps no file over 16 bytes.
    final class SmallKeptVersions: KeptVersionStore {
        let files: FileKeptVersions
        init(folder: String) { files = FileKeptVersions(folder: folder) }
        func keep(_ version: ListVersion, of location: String, from path: String, parents: [String]) {}
        func versions(of location: String) -> [KeptVersion] { files.versions(of: location) }
        func records(of key: String, kind: ListKind) -> RecordList? { files.records(of: key, kind: kind) }
        func notKept(size: Int) -> String? { size > 16 ? "versions of a list over 16 bytes are not kept" : nil }
    }
}
