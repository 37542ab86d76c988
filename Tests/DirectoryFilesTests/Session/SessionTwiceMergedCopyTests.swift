import Foundation
import Testing

@testable import DirectoryCore
@testable import DirectoryFiles

/// Two sessions that merged the same conflict copy (trial 9, finding 5): the later save's
/// report names what it took from the file, not what it already had.
@Suite("Session: a copy merged in two sessions")
struct SessionTwiceMergedCopyTests {
    typealias Tests = SessionCopyMergeTests

    @Test(
        "the second save names the added record the other session changed, not the change both had from the copy"
    )
    func reportNamesWhatTheSaveTook() throws {
        let place = Tests.Place()
        defer { place.remove() }
        let people = try place.newFileOfAnnAndBob()
        let (ann, bob) = (people[0], people[1])
        var first = try place.session()
        var second = try place.session()
        let copy = place.folder + "/sync/directory.sync-conflict-20261207-040000-PHONE01.json"
        let added = Tests.person(0xE, "Copy Add", "C")
        try place.write([ann, Tests.with(bob, office: "B-copy"), added], to: copy)
        try first.run("merge conflicts")
        try second.run("merge conflicts", "edit Copy Add", "set office B-changed", "save")
        let saved = Tests.text(try first.run("save"))
        #expect(saved.contains("changed 'Copy Add'"), "\(saved)")
        #expect(!saved.contains("'Bob'"), "\(saved)")
        #expect(try place.read(place.list).map(\.office) == ["A1", "B-copy", "B-changed"])
    }

    @Test("without a change of an existing record in the copy, the second save still names the one it took")
    func reportNotEmpty() throws {
        let place = Tests.Place()
        defer { place.remove() }
        try place.write([Tests.ann, Tests.bob], to: place.list)
        var first = try place.session()
        var second = try place.session()
        let copy = place.folder + "/sync/directory.sync-conflict-20261207-040000-PHONE01.json"
        try place.write([Tests.ann, Tests.bob, Tests.person(0xE, "Copy Add", "C")], to: copy)
        try first.run("merge conflicts")
        try second.run("merge conflicts", "edit Copy Add", "set office B-changed", "save")
        let saved = Tests.text(try first.run("save"))
        #expect(saved.contains("Merged with changes another session saved:\n  changed 'Copy Add'"), "\(saved)")
    }

    /// Ann and Bob saved here; a copy that adds Copy Add (office C), merged by two sessions, the
    /// second of which then runs `other` and saves: the first, returned, has merged it too.
    static func bothMerged(_ place: Tests.Place, other: String...) throws -> Session {
        let people = try place.newFileOfAnnAndBob()
        var first = try place.session()
        var second = try place.session()
        let copy = place.folder + "/sync/directory.sync-conflict-20261207-040000-PHONE01.json"
        try place.write(people + [Tests.person(0xE, "Copy Add", "C")], to: copy)
        try first.run("merge conflicts")
        try second.run("merge conflicts", "edit Copy Add")
        for line in other { try second.run(line) }
        try second.run("save")
        return first
    }

    @Test(
        "an edit made here since the merge of the record both added, changed otherwise there, is a conflict, not lost")
    func editHereAfterMergeConflicts() throws {
        let place = Tests.Place()
        defer { place.remove() }
        var first = try Self.bothMerged(place, other: "set office B-changed")
        try first.run("edit Copy Add", "set office A-changed")
        do {
            let output = try first.run("save")
            Issue.record("saved: \(output)")
        } catch let error as SessionError {
            #expect(
                error.message.contains("'Copy Add': office is \"A-changed\" here but \"B-changed\""),
                "\(error.message)")
        }
        #expect(try place.read(place.list).last?.office == "B-changed")
    }

    @Test("edits of different fields of the record both added merge")
    func editsOfDifferentFieldsMerge() throws {
        let place = Tests.Place()
        defer { place.remove() }
        var first = try Self.bothMerged(place, other: "set office B-changed")
        try first.run("edit Copy Add", "set name Copy Added")
        try first.run("save")
        let last = try place.read(place.list).last
        #expect(last?.name == "Copy Added")
        #expect(last?.office == "B-changed")
    }

    @Test("the record both added, deleted here since the merge and changed there, is a conflict")
    func deletedHereChangedThere() throws {
        let place = Tests.Place()
        defer { place.remove() }
        var first = try Self.bothMerged(place, other: "set office B-changed")
        try first.run("delete Copy Add")
        do {
            let output = try first.run("save")
            Issue.record("saved: \(output)")
        } catch let error as SessionError {
            #expect(error.message.contains("'Copy Add': you deleted it"), "\(error.message)")
        }
    }
}
