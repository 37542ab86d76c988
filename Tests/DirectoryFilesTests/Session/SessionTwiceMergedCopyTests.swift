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
}
