import Testing

@testable import DirectoryCore

@Suite("CopyMerge: what a copy does not say is no change")
struct CopyMergeGapsTests: CopyMergeFixtures {
    @Test("a field the copy's file lacks keeps the base's value, with a base or without")
    func lackingFieldIsNoChange() {
        let theirs = [Self.person(1, "Ann", ""), Self.person(2, "Bobby", "")]
        let lacking = [Self.ann.key: [1], Self.bob.key: [1]]
        let ours = [Self.ann, Self.person(2, "Bob", "B2")]
        let merged = merger().merge(base: [Self.ann, Self.bob], ours: ours, theirs: theirs, lacking: lacking)
        #expect(merged.records == [Self.ann, Self.person(2, "Bobby", "B2")])
        #expect(merged.conflicts.isEmpty)
        let baseless = merger().merge(base: nil, ours: ours, theirs: theirs, lacking: lacking)
        // With no base the name is a conflict, this side's kept; the office is none.
        #expect(baseless.records == [Self.ann, Self.person(2, "Bob", "B2")])
        #expect(
            baseless.conflicts.map(\.line) == ["'Bob': name is \"Bob\" here but \"Bobby\" in copy.plist; kept \"Bob\""])
    }

    @Test("a record a copy brought into a version of this list and deleted here since is not brought back")
    func takenRecordDeletedHereStaysDeleted() {
        let taking = [Self.ann, Self.bob, Self.cid]
        let theirs = [Self.person(1, "Ann", "A-copy"), Self.bob, Self.cid]
        let ours = [Self.person(1, "Ann", "A-here"), Self.bob]
        let withBase = merger().merge(base: [Self.ann, Self.bob], ours: ours, theirs: theirs, taken: taking)
        #expect(withBase.records.map(\.key) == [Self.ann.key, Self.bob.key])
        #expect(withBase.added.isEmpty)
        let baseless = merger().merge(base: nil, ours: ours, theirs: theirs, taken: taking)
        #expect(baseless.records.map(\.key) == [Self.ann.key, Self.bob.key])
        #expect(baseless.added.isEmpty && baseless.deleted.isEmpty)
        #expect(!baseless.hadBase)
    }

    @Test("with no base, a copy in another order keeps this order as a conflict; merge! takes the copy's")
    func orderWithoutBaseIsAConflict() {
        let ours = [Self.ann, Self.bob, Self.cid]
        let theirs = [Self.cid, Self.ann, Self.bob]
        let merged = merger().merge(base: nil, ours: ours, theirs: theirs)
        #expect(merged.records == ours)
        #expect(merged.conflicts.count == 1)
        #expect(merged.conflicts.first?.line.hasSuffix("this list's order was kept") == true)
        #expect(merged.conflicts.first?.taking == "merge! copy.plist")
        #expect(merger(preferringCopy: true).merge(base: nil, ours: ours, theirs: theirs).records == theirs)
        // The same order with records added on either side is no conflict.
        let added = merger().merge(base: nil, ours: ours, theirs: [Self.ann, Self.person(4, "Dan", ""), Self.cid])
        #expect(added.conflicts.isEmpty)
    }

    @Test("messages name this list's side as this list, not 'you': its changes may be another device's")
    func thisListNotYou() {
        let changed = merger().merge(
            base: [Self.ann, Self.bob], ours: [Self.person(1, "Ann", "A2"), Self.bob], theirs: [Self.bob])
        #expect(changed.conflicts.map(\.line) == ["'Ann': this list changed it, but copy.plist deleted it; kept"])
        let deleted = merger().merge(
            base: [Self.ann, Self.bob], ours: [Self.bob], theirs: [Self.person(1, "Ann", "A3"), Self.bob])
        #expect(
            deleted.conflicts.map(\.line) == ["'Ann': this list deleted it, but copy.plist changed it; left deleted"])
        let taken = merger(preferringCopy: true).merge(
            base: [Self.ann], ours: [Self.person(1, "Ann", "A2")], theirs: [Self.person(1, "Ann", "A3")])
        #expect(
            taken.conflicts.map(\.line) == ["'Ann': office is \"A3\" as in copy.plist, replacing this list's \"A2\""])
    }
}
