import Testing

@testable import DirectoryCore

/// `CopyBase` with the marks a kept version's parents carry: steps (a save made less than a
/// minute after the one before), a step that dropped out, a merge taken back by `undo`; and a
/// copy that lacks a field (trial 8).
@Suite("CopyBase: steps, undone merges and fields a copy lacks")
struct CopyBaseStepTests {
    static let ann = CopyMergeTests.ann
    static let bob = CopyMergeTests.bob
    static let cid = CopyMergeTests.cid
    static let eve = CopyMergeTests.person(5, "Eve", "")
    static let eveE1 = CopyMergeTests.person(5, "Eve", "E1")

    /// V0 (Ann, Bob) loaded; S1 saved from it adding Eve, made a step by A2, saved from it
    /// seconds later setting Eve's office; the phone's copy is S1 less Bob.
    static let records: [String: [Record]] = ["v0": [ann, bob], "s1": [ann, bob, eve], "a2": [ann, bob, eveE1]]
    static let phone = [ann, eve]

    @Test("a copy of a step is merged against the step, not the version made from it")
    func copyOfAStepIsMergedAgainstIt() {
        let kept = [
            KeptVersion(key: "a2", parents: ["s1"]), KeptVersion(key: "s1", parents: ["v0"], isStep: true),
            KeptVersion(key: "v0"),
        ]
        var chooser = CopyBase(kept: kept) { Self.records[$0] }
        #expect(chooser.base(ours: "a2", copy: nil, copyRecords: Self.phone) == "s1")
    }

    @Test("a version made from a step that dropped out proves nothing: the copy is merged against an older one")
    func versionWhoseStepDroppedOutProvesNothing() {
        let kept = [KeptVersion(key: "a2", parents: ["v0", KeptVersion.lostStepMark + "s1"]), KeptVersion(key: "v0")]
        var chooser = CopyBase(kept: kept) { Self.records[$0] }
        #expect(chooser.base(ours: "a2", copy: nil, copyRecords: Self.phone) == "v0")
        // The same without the mark: A2 passes for the copy's origin (how 1.9.0 lost E1).
        let unmarked = [KeptVersion(key: "a2", parents: ["v0"]), KeptVersion(key: "v0")]
        var old = CopyBase(kept: unmarked) { Self.records[$0] }
        #expect(old.base(ours: "a2", copy: nil, copyRecords: Self.phone) == "a2")
    }

    @Test("a copy whose merge undo took back is no ancestor of the versions saved after, until merged again")
    func undoneCopyIsNoAncestor() {
        let carl = CopyMergeTests.person(9, "Carl", "C9")
        let copy = [CopyMergeTests.person(1, "Ann", "A-copy"), Self.bob, carl]
        let records: [String: [Record]] = [
            "v0": [Self.ann, Self.bob], "c": copy, "m1": copy, "v2": [Self.ann, Self.bob], "v3": copy,
        ]
        var kept = [
            KeptVersion(key: "v2", parents: ["m1", KeptVersion.undoneMark + "c"]),
            KeptVersion(key: "m1", parents: ["v0", "c"]), KeptVersion(key: "c", after: "v0", isCopy: true),
            KeptVersion(key: "v0", parents: [KeptVersion.newFile]),
        ]
        var chooser = CopyBase(kept: kept) { records[$0] }
        #expect(chooser.base(ours: "v2", copy: "c", copyRecords: copy) == "v0")
        kept.insert(KeptVersion(key: "v3", parents: ["v2", "c"]), at: 0)
        var again = CopyBase(kept: kept) { records[$0] }
        #expect(again.base(ours: "v3", copy: "c", copyRecords: copy) == "c")
    }

    @Test("a field the copy's file lacks neither proves nor contradicts where it came from")
    func fieldACopyLacksIsIgnored() {
        let records: [String: [Record]] = [
            "v0": [Self.ann, Self.bob, Self.cid],
            "a1": [CopyMergeTests.person(1, "Ann", "A-here"), Self.bob, Self.cid],
            "a2": [CopyMergeTests.person(1, "Ann", "A-here"), Self.bob, CopyMergeTests.person(3, "Cid", "C-here")],
        ]
        let kept = [
            KeptVersion(key: "a2", parents: ["a1"]), KeptVersion(key: "a1", parents: ["v0"]), KeptVersion(key: "v0"),
        ]
        let copy = [
            CopyMergeTests.person(1, "Ann", ""), CopyMergeTests.person(2, "Bobby", ""),
            CopyMergeTests.person(3, "Cid", ""),
        ]
        let lacking = Dictionary(uniqueKeysWithValues: copy.map { ($0.key, [1]) })
        var chooser = CopyBase(kept: kept) { records[$0] }
        #expect(chooser.base(ours: "a2", copy: nil, copyRecords: copy, lacking: lacking) == "a2")
        var blind = CopyBase(kept: kept) { records[$0] }
        #expect(blind.base(ours: "a2", copy: nil, copyRecords: copy) == nil)
    }

    @Test(
        "a copy's own edit of a field the version it came from changed is no contradiction when an addition proves it")
    func copyEditOfAFieldTheVersionChanged() {
        let dan = CopyMergeTests.person(4, "Dan", "D1")
        let danD2 = CopyMergeTests.person(4, "Dan", "D2")
        let danD3 = CopyMergeTests.person(4, "Dan", "D3")
        let acacia = CopyMergeTests.person(1, "Ann", "A-here")
        let records: [String: [Record]] = [
            "f0": [Self.ann, dan], "m": [Self.ann, danD2, Self.eveE1], "v3": [acacia, danD2, Self.eveE1],
            "m2": [Self.ann, danD2],
        ]
        let kept = [
            KeptVersion(key: "v3", parents: ["m"]), KeptVersion(key: "m", parents: ["f0"]), KeptVersion(key: "f0"),
        ]
        var chooser = CopyBase(kept: kept) { records[$0] }
        #expect(chooser.base(ours: "v3", copy: nil, copyRecords: [Self.ann, danD3, Self.eveE1]) == "m")
        // Without an addition to prove it, the third value may be an edit of the older version's.
        let unproven = [KeptVersion(key: "m2", parents: ["f0"]), KeptVersion(key: "f0")]
        var older = CopyBase(kept: unproven) { records[$0] }
        #expect(older.base(ours: "m2", copy: nil, copyRecords: [Self.ann, danD3]) == "f0")
    }
}
