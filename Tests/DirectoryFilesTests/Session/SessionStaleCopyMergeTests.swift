import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// A session open while a sync tool replaced the list's file with another device's version and
/// kept this session's saved one as a conflict copy (trial 9): `merge conflicts` and `conflicts`
/// take the file in first, and a save whose merge with a changed file takes back values of a
/// merged copy keeps the copy.
@Suite("Session: conflict copies merged in a session the file changed under")
struct SessionStaleCopyMergeTests {
    typealias Place = SessionCopyMergeTests.Place

    /// The sync tool's swap: the list becomes a Syncthing conflict copy, and `phone` the list.
    static func swap(_ place: Place, phone: [AppPerson]) throws -> String {
        let copy = place.folder + "/sync/directory.sync-conflict-20261207-040000-PHONE01.json"
        try FileManager.default.moveItem(atPath: place.list, toPath: copy)
        try place.write(phone, to: place.list)
        return copy
    }

    @Test(
        "merge conflicts takes the changed file in first: the saved edit the copy holds comes back, the phone's deletion stays"
    )
    func mergeTakesInChangedFile() throws {
        let place = Place()
        defer { place.remove() }
        let bob = try place.newFileOfAnnAndBob()[1]
        var session = try place.session()
        try session.run("edit Bob", "set office B-here", "save")
        let copy = try Self.swap(place, phone: [bob])  // the phone deleted Ann from the version before
        let merged = SessionCopyMergeTests.text(try session.run("merge conflicts"))
        #expect(
            merged.contains("directory.json changed since this session read or saved it: taken in first"), "\(merged)")
        try session.run("save")
        #expect(try place.read(place.list) == [SessionCopyMergeTests.with(bob, office: "B-here")])
        #expect(!place.exists(copy))
    }

    @Test("conflicts takes the changed file in first, and says what merging the copy would change")
    func conflictsTakesInChangedFile() throws {
        let place = Place()
        defer { place.remove() }
        let bob = try place.newFileOfAnnAndBob()[1]
        var session = try place.session()
        try session.run("edit Bob", "set office B-here", "save")
        _ = try Self.swap(place, phone: [bob])
        let listed = SessionCopyMergeTests.text(try session.run("conflicts"))
        #expect(listed.contains("taken in first"), "\(listed)")
        #expect(listed.contains("would add 0, change 1, delete 0"), "\(listed)")
    }

    @Test("a save whose merge with a file changed after the merge takes back the copy's values keeps the copy")
    func saveKeepsCopyItTookBack() throws {
        let place = Place()
        defer { place.remove() }
        let bob = try place.newFileOfAnnAndBob()[1]
        var session = try place.session()
        try session.run("edit Bob", "set office B-here", "save")
        let copy = place.folder + "/sync/directory.sync-conflict-20261207-040000-PHONE01.json"
        try FileManager.default.copyItem(atPath: place.list, toPath: copy)
        try session.run("merge conflicts")  // the list as read holds the copy: nothing to take
        try FileManager.default.removeItem(atPath: place.list)
        try place.write([bob], to: place.list)  // now the phone's version takes the file's place
        let saved = SessionCopyMergeTests.text(try session.run("save"))
        #expect(place.exists(copy), "\(saved)")
        #expect(saved.contains("Kept directory.sync-conflict-20261207-040000-PHONE01.json"), "\(saved)")
        // Merged again, the value it holds is offered, not lost (as a conflict: no kept version
        // is the phone's version's origin here).
        do {
            let again = SessionCopyMergeTests.text(try session.run("merge conflicts"))
            #expect(again.contains("B-here"), "\(again)")
        } catch let error as SessionError {
            #expect(error.message.contains("\"B-here\" in directory.sync-conflict"), "\(error.message)")
        }
    }

    @Test("conflicts in a session whose unsaved edit conflicts with the changed file still lists the copies, saying so")
    func conflictsWhenTakeInConflicts() throws {
        let place = Place()
        defer { place.remove() }
        let bob = try place.newFileOfAnnAndBob()[1]
        var session = try place.session()
        try session.run("edit Bob", "set office B-here", "save", "set office B-mine")
        _ = try Self.swap(place, phone: [SessionCopyMergeTests.with(bob, office: "B-phone")])
        let listed = SessionCopyMergeTests.text(try session.run("conflicts"))
        #expect(listed.contains("could not be taken in first"), "\(listed)")
        #expect(listed.contains("1 conflict copy of directory.json"), "\(listed)")
    }

    @Test("merge conflicts whose take-in of the changed file conflicts says it did not merge, not refresh's words")
    func mergeWhenTakeInConflicts() throws {
        let place = Place()
        defer { place.remove() }
        let bob = try place.newFileOfAnnAndBob()[1]
        var session = try place.session()
        try session.run("edit Bob", "set office B-here", "save", "set office B-mine")
        _ = try Self.swap(place, phone: [SessionCopyMergeTests.with(bob, office: "B-phone")])
        do {
            let output = try session.run("merge conflicts")
            Issue.record("merged: \(output)")
        } catch let error as SessionError {
            #expect(error.message.hasPrefix("not merged: "), "\(error.message)")
            #expect(!error.message.contains("not refreshed"), "\(error.message)")
            #expect(error.message.contains("office is \"B-mine\" here but \"B-phone\""), "\(error.message)")
        }
        #expect(session.records.first { $0.values[0] == .text("Bob") }?.values[1] == .text("B-mine"))
    }
}
