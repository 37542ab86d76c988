import Testing

@testable import DirectoryCore

@Suite("CopyMerge: copies merged one after another by one command, in their order and named for what they did")
struct CopyMergeSeveralCopiesTests: CopyMergeFixtures {
    static var dan: Record { person(4, "Dan", "D1") }

    /// A merger of the second copy, which knows that the first copy added `cid`.
    func secondMerger() -> CopyMerge {
        var merger = merger()
        merger.earlier = [Self.cid.key: [CopyMerge.wholeRecord: "copy1.plist"]]
        return merger
    }

    @Test(
        "records two copies added after the same record stand in the order the copies were merged, oldest first",
        arguments: [
            // Both appended: Cid, from the first copy, before Dan.
            ("ABC", "ABD", "ABCD"),
            // Both after Ann.
            ("ACB", "ADB", "ACDB"),
        ])
    func additionsInCopyOrder(firstCopy: String, secondCopy: String, expected: String) {
        let (first, second, merged) = (Self.people(firstCopy), Self.people(secondCopy), Self.people(expected))
        let base = [Self.ann, Self.bob]
        let afterFirst = merger().merge(base: base, ours: base, theirs: first)
        #expect(afterFirst.records == first)
        let result = secondMerger().merge(base: base, ours: afterFirst.records, theirs: second)
        #expect(result.records == merged)
        #expect(result.added == ["'Dan'"])
    }

    @Test("this list's own addition still stands after the copy's, as before")
    func ownAdditionAfterTheCopys() {
        let base = [Self.ann, Self.bob]
        let result = merger().merge(base: base, ours: base + [Self.cid], theirs: base + [Self.dan])
        #expect(result.records == [Self.ann, Self.bob, Self.dan, Self.cid])
    }

    @Test("a record an earlier copy of the same merge added is not said to be saved here since the copy's version")
    func earlierCopysAdditionIsNotSavedHere() {
        let base = [Self.ann, Self.bob]
        let ours = base + [Self.cid]
        let saved = Set(ours.map(\.key))
        let result = secondMerger().merge(base: base, ours: ours, theirs: base + [Self.dan], saved: saved)
        #expect(result.keptSaved.isEmpty)
        #expect(result.records == [Self.ann, Self.bob, Self.cid, Self.dan])
        // Saved here (in the version this list came from) and added by no copy: named.
        let alone = merger().merge(base: base, ours: ours, theirs: base + [Self.dan], saved: saved)
        #expect(alone.keptSaved == ["'Cid'"])
    }
}

extension CopyMergeSeveralCopiesTests {
    /// Ann, Bob, Cid and Dan by their initials, in the order given.
    static func people(_ initials: String) -> [Record] {
        let named: [Character: Record] = ["A": ann, "B": bob, "C": cid, "D": dan]
        return initials.compactMap { named[$0] }
    }
}
