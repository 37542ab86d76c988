import Testing

@testable import DirectoryCore

@Suite("CopyMerge: another copy merged by id and field against a base")
struct CopyMergeTests: CopyMergeFixtures {
    @Test("a field changed in the copy only is taken; one changed here only stays")
    func oneSidedChanges() {
        let base = [Self.ann, Self.bob]
        let ours = [Self.person(1, "Ann", "A2"), Self.bob]
        let theirs = [Self.ann, Self.person(2, "Bob", "B2")]
        let merged = merger().merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.records == [Self.person(1, "Ann", "A2"), Self.person(2, "Bob", "B2")])
        #expect(merged.changed == ["'Bob'"])
        #expect(merged.conflicts.isEmpty)
    }

    @Test("a record the copy deleted is deleted; one it added is added where it stands")
    func deletionsAndAdditions() {
        let base = [Self.ann, Self.bob]
        let theirs = [Self.cid, Self.bob]
        let merged = merger().merge(base: base, ours: base, theirs: theirs)
        #expect(merged.records == [Self.cid, Self.bob])
        #expect(merged.deleted == ["'Ann'"])
        #expect(merged.added == ["'Cid'"])
    }

    @Test("a record deleted here stays deleted; one added here stays")
    func ourDeletionsStay() {
        let base = [Self.ann, Self.bob]
        let ours = [Self.bob, Self.cid]
        let merged = merger().merge(base: base, ours: ours, theirs: base)
        #expect(merged.records == [Self.bob, Self.cid])
        #expect(merged.added.isEmpty && merged.deleted.isEmpty)
    }

    @Test("a field changed differently keeps this session's value and offers the commands that take the other")
    func conflictKeepsOurs() {
        let base = [Self.ann]
        let merged = merger().merge(
            base: base, ours: [Self.person(1, "Ann", "Here 1")], theirs: [Self.person(1, "Ann", "There 2")])
        #expect(merged.records == [Self.person(1, "Ann", "Here 1")])
        #expect(merged.conflicts.count == 1)
        #expect(
            merged.conflicts[0].line
                == "'Ann': office is \"Here 1\" here but \"There 2\" in copy.plist; kept \"Here 1\"")
        #expect(merged.conflicts[0].taking == "edit #\(Self.ann.id.description), then set office There 2")
    }

    @Test("keys other apps keep that differ with no base, or changed on both sides, are a conflict (found trying it)")
    func otherAppsKeysConflict() {
        var here = Self.ann
        here.extras = [KeyedValue("pronouns", .string("they/them"))]
        var there = Self.ann
        there.extras = [KeyedValue("pronouns", .string("xe/xem"))]
        let noBase = merger().merge(base: nil, ours: [here], theirs: [there])
        #expect(
            noBase.conflicts.map(\.line) == [
                "'Ann': pronouns (kept for other apps) differ here and in copy.plist; this list's kept"
            ])
        #expect(noBase.records == [here])
        var old = Self.ann
        old.extras = [KeyedValue("pronouns", .string("she/her"))]
        let both = merger().merge(base: [old], ours: [here], theirs: [there])
        #expect(both.conflicts.count == 1)
        #expect(both.records == [here])
    }

    @Test("merge! takes the copy's value on a conflict, and a deletion of a record changed here")
    func preferringCopy() {
        let base = [Self.ann, Self.bob]
        let ours = [Self.person(1, "Ann", "Here"), Self.person(2, "Bob", "Here")]
        let theirs = [Self.person(1, "Ann", "There")]
        let merged = merger(preferringCopy: true).merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.records == [Self.person(1, "Ann", "There")])
        #expect(merged.deleted == ["'Bob'"])
        #expect(merged.conflicts.count == 2)
    }

    @Test("with no base nothing is deleted, and every differing field is a conflict")
    func noBase() {
        let ours = [Self.ann, Self.bob]
        let theirs = [Self.person(1, "Ann", "A9"), Self.cid]
        let merged = merger().merge(base: nil, ours: ours, theirs: theirs)
        #expect(Set(merged.records.map(\.id)) == Set([Self.ann.id, Self.bob.id, Self.cid.id]))
        #expect(merged.records.first { $0.id == Self.ann.id } == Self.ann)
        #expect(!merged.hadBase)
        #expect(merged.keptWithoutBase == ["'Bob'"])
        #expect(merged.deleted.isEmpty)
        #expect(merged.conflicts.count == 1)
    }

    @Test("a record moved here and one moved in the copy both keep their moves")
    func movesOnBothSides() {
        let dan = Self.person(4, "Dan", "D1")
        let base = [Self.ann, Self.bob, Self.cid, dan]
        let ours = [Self.bob, Self.ann, Self.cid, dan]  // Ann moved after Bob here
        let theirs = [Self.ann, Self.bob, dan, Self.cid]  // Cid moved last in the copy
        let merged = merger().merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.records.map(\.key) == [Self.bob, Self.ann, dan, Self.cid].map(\.key))
        #expect(merged.conflicts.isEmpty)
    }

    @Test("a record both sides moved to different places keeps this session's place, and is listed")
    func moveConflict() {
        let dan = Self.person(4, "Dan", "D1")
        let base = [Self.ann, Self.bob, Self.cid, dan]
        let ours = [Self.bob, Self.cid, Self.ann, dan]
        let theirs = [Self.bob, Self.cid, dan, Self.ann]
        let merged = merger().merge(base: base, ours: ours, theirs: theirs)
        #expect(merged.records.map(\.key) == ours.map(\.key))
        #expect(
            merged.conflicts.map(\.line) == [
                "'Ann': moved after 'Cid' here but after 'Dan' in copy.plist; kept this list's place"
            ])
        // Only that record's place, as the copy has it (after Dan, last), not every conflict's side (merge!).
        #expect(merged.conflicts.first?.taking == "move #\(Self.ann.id.description) to 4")
    }

    @Test("changed here, deleted in the copy: kept, with delete offered")
    func changedHereDeletedThere() {
        let merged = merger().merge(base: [Self.ann], ours: [Self.person(1, "Ann", "A2")], theirs: [])
        #expect(merged.records == [Self.person(1, "Ann", "A2")])
        #expect(merged.conflicts.first?.taking == "delete #\(Self.ann.id.description)")
    }
}

@Suite("CopyBase: the newest kept version both sides could have come from")
struct CopyBaseTests: CopyMergeFixtures {
    /// The records as a kept version or a copy gives them, in order.
    func byKey(_ records: [Record]) -> [Record] { records }

    /// V0 (Ann, Bob) kept when loaded; A1 saved from it here, adding Cid.
    var history: (kept: [KeptVersion], records: [String: [Record]]) {
        let v0 = byKey([Self.ann, Self.bob])
        let a1 = byKey([Self.ann, Self.bob, Self.cid])
        return (
            [KeptVersion(key: "a1", parents: ["v0"]), KeptVersion(key: "v0")],
            ["v0": v0, "a1": a1]
        )
    }

    @Test(
        "a copy another device made from the older version, not holding this save's changes, is merged against that version"
    )
    func unknownCopyFromOlderVersion() {
        let (kept, records) = history
        var chooser = CopyBase(kept: kept) { records[$0] }
        let phone = byKey([Self.ann, Self.person(2, "Bob", "B7")])
        #expect(chooser.base(ours: "a1", copy: nil, copyRecords: phone) == "v0")
    }

    @Test("a copy holding every change of the newest version is merged against it")
    func unknownCopyFromNewestVersion() {
        let (kept, records) = history
        var chooser = CopyBase(kept: kept) { records[$0] }
        let phone = byKey([Self.person(1, "Ann", "A7"), Self.bob, Self.cid])
        #expect(chooser.base(ours: "a1", copy: nil, copyRecords: phone) == "a1")
    }

    @Test("the list saved by another program from the older version, with this session's save as the copy")
    func loadedListFromOlderVersion() {
        var (kept, records) = history
        let p1 = byKey([Self.ann, Self.person(2, "Bob", "B7")])
        kept.insert(KeptVersion(key: "p1", after: "a1"), at: 0)
        records["p1"] = p1
        var chooser = CopyBase(kept: kept) { records[$0] }
        #expect(chooser.base(ours: "p1", copy: "a1", copyRecords: records["a1"] ?? []) == "v0")
    }

    @Test("a copy this program already merged and saved is its own base: nothing comes in twice")
    func mergedCopyIsAncestor() {
        var (kept, records) = history
        kept.insert(KeptVersion(key: "c1", after: "a1"), at: 0)
        kept.insert(KeptVersion(key: "s2", parents: ["a1", "c1"]), at: 0)
        records["c1"] = byKey([Self.ann])
        records["s2"] = byKey([Self.ann, Self.cid])
        var chooser = CopyBase(kept: kept) { records[$0] }
        #expect(chooser.base(ours: "s2", copy: "c1", copyRecords: records["c1"] ?? []) == "c1")
    }

    @Test("this list's first version in a moved folder is no base for a copy that differs from it (found trying it)")
    func ownUnknownVersionIsNoBase() {
        let mine = byKey([Self.ann, Self.person(2, "Bob", "Mine 2"), Self.cid])
        var chooser = CopyBase(kept: [KeptVersion(key: "m1")]) { $0 == "m1" ? mine : nil }
        let phone = byKey([Self.person(1, "Ann", "Copy 1"), Self.bob, Self.cid])
        #expect(chooser.base(ours: "m1", copy: nil, copyRecords: phone) == nil)
        #expect(chooser.base(ours: "m1", copy: nil, copyRecords: mine) == "m1")
    }

    @Test("a version this program made as a new file is the base of a copy that differs from it (found trying it)")
    func ownNewFileIsBase() {
        let mine = byKey([Self.ann, Self.bob, Self.cid])
        let kept = [KeptVersion(key: "n1", parents: [KeptVersion.newFile])]
        var chooser = CopyBase(kept: kept) { $0 == "n1" ? mine : nil }
        let phone = byKey([Self.person(1, "Ann", "Copy 1"), Self.bob, Self.cid])
        #expect(chooser.base(ours: "n1", copy: nil, copyRecords: phone) == "n1")
    }

    /// `history` and then a2, saved here from a1 deleting Dan, whom a1 had added with Cid.
    var historyWithDeletion: (kept: [KeptVersion], records: [String: [Record]]) {
        var (kept, records) = history
        let dan = Self.person(4, "Dan", "D1")
        records["a1"] = byKey([Self.ann, Self.bob, Self.cid, dan])
        records["a2"] = byKey([Self.ann, Self.bob, Self.cid])
        kept.insert(KeptVersion(key: "a2", parents: ["a1"]), at: 0)
        return (kept, records)
    }

    @Test("a copy made before records were added and one of them deleted here comes from before them (found trying it)")
    func deletionAloneProvesNothing() {
        let (kept, records) = historyWithDeletion
        var chooser = CopyBase(kept: kept) { records[$0] }
        let phone = byKey([Self.ann, Self.person(2, "Bob", "B7")])
        #expect(chooser.base(ours: "a2", copy: nil, copyRecords: phone) == "v0")
    }

    @Test("a copy holding a deletion and the additions before it comes from the deletion's version")
    func deletionAfterProvenAdditions() {
        let (kept, records) = historyWithDeletion
        var chooser = CopyBase(kept: kept) { records[$0] }
        let phone = byKey([Self.ann, Self.person(2, "Bob", "B7"), Self.cid])
        #expect(chooser.base(ours: "a2", copy: nil, copyRecords: phone) == "a2")
    }

    @Test("a version that only moved records proves nothing of a copy made before it (found trying it)")
    func moveAloneProvesNothing() {
        var (kept, records) = history
        records["a2"] = records["a1"]
        kept.insert(KeptVersion(key: "a2", parents: ["a1"]), at: 0)
        var chooser = CopyBase(kept: kept) { records[$0] }
        let phone = byKey([Self.ann, Self.person(2, "Bob", "B7")])
        #expect(chooser.base(ours: "a2", copy: nil, copyRecords: phone) == "v0")
    }

    @Test("a copy that changed every record of a version made here as a new file comes from it (found trying it)")
    func newFileCopyChangingEveryRecord() {
        let mine = byKey([Self.ann, Self.bob])
        let kept = [KeptVersion(key: "n1", parents: [KeptVersion.newFile])]
        var chooser = CopyBase(kept: kept) { $0 == "n1" ? mine : nil }
        let phone = byKey([Self.person(1, "Ann", "P1"), Self.person(2, "Bob", "P2")])
        #expect(chooser.base(ours: "n1", copy: nil, copyRecords: phone) == "n1")
    }

    @Test("a version that only reordered is no base of a copy in the old order (found trying it)")
    func copyWithoutTheMovesIsFromBefore() {
        let (kept, records) = history
        var moved = kept
        var withMove = records
        withMove["a2"] = byKey([Self.cid, Self.bob, Self.ann])
        moved.insert(KeptVersion(key: "a2", parents: ["a1"]), at: 0)
        var chooser = CopyBase(kept: moved) { withMove[$0] }
        let phone = byKey([Self.ann, Self.person(2, "Bob", "B7"), Self.cid])
        #expect(chooser.base(ours: "a2", copy: nil, copyRecords: phone) == "a1")
        let phoneAfterMove = byKey([Self.cid, Self.person(2, "Bob", "B7"), Self.ann])
        #expect(chooser.base(ours: "a2", copy: nil, copyRecords: phoneAfterMove) == "a2")
    }

    @Test("a version saved here from one no longer kept proves nothing: no base, nothing deleted (found trying it)")
    func versionWhoseOriginIsGoneProvesNothing() {
        // Only a1 is kept; v0, which it was saved from, is gone. The phone's copy came from v0.
        let (_, records) = history
        var chooser = CopyBase(kept: [KeptVersion(key: "a1", parents: ["v0"])]) { records[$0] }
        let phone = byKey([Self.ann, Self.person(2, "Bob", "B7")])
        #expect(chooser.base(ours: "a1", copy: nil, copyRecords: phone) == nil)
    }

    @Test(
        "a list saved back to contents it had before is merged against the version the copy came from (found trying it)"
    )
    func contentsSavedAgain() {
        // v1 (Bob B2) saved; b from it (Bob B-typo); then v1's contents saved again from b, kept once as the newest.
        let typo = Self.person(2, "Bob", "B-typo")
        let records = ["v1": byKey([Self.ann, Self.bob, Self.cid]), "b": byKey([Self.ann, typo, Self.cid])]
        let kept = [KeptVersion(key: "v1", parents: ["b"]), KeptVersion(key: "b", parents: ["v1"])]
        var chooser = CopyBase(kept: kept) { records[$0] }
        let phone = byKey([Self.person(1, "Ann", "A-phone"), typo, Self.cid])
        #expect(chooser.base(ours: "v1", copy: nil, copyRecords: phone) == "b")
    }

    @Test("a version that changed only keys other apps keep is no base of a copy without that change (found trying it)")
    func otherAppsKeysAreChanges() {
        var (kept, records) = history
        var annThey = Self.ann
        annThey.extras = [KeyedValue("pronouns", .string("they/them"))]
        records["m"] = byKey([annThey, Self.bob, Self.cid])
        kept.insert(KeptVersion(key: "m", parents: ["a1"]), at: 0)
        var chooser = CopyBase(kept: kept) { records[$0] }
        let copy = byKey([Self.ann, Self.person(2, "Bob", "B7"), Self.cid])
        #expect(chooser.base(ours: "m", copy: nil, copyRecords: copy) == "a1")
    }

    @Test("this session's save back to earlier contents, as the copy of a list saved elsewhere since (found trying it)")
    func returnToEarlierContentsAsCopy() {
        // v1 (Bob B2); b from it (Bob B-typo); v1's contents saved again from b (the copy now);
        // the phone's list m came from b and changed Ann.
        let typo = Self.person(2, "Bob", "B-typo")
        let phone = [Self.person(1, "Ann", "A-phone"), typo, Self.cid]
        let records = [
            "v1": byKey([Self.ann, Self.bob, Self.cid]), "b": byKey([Self.ann, typo, Self.cid]), "m": phone,
        ]
        let kept = [
            KeptVersion(key: "m", after: "v1"), KeptVersion(key: "v1", parents: ["b"]),
            KeptVersion(key: "b", parents: ["v1"]),
        ]
        var chooser = CopyBase(kept: kept) { records[$0] }
        #expect(chooser.base(ours: "m", copy: "v1", copyRecords: records["v1"] ?? []) == "b")
    }

    @Test("no kept version in common: no base")
    func nothingInCommon() {
        let (kept, records) = history
        var chooser = CopyBase(kept: kept) { records[$0] }
        let stranger = byKey([Self.person(9, "Zed", "Z")])
        #expect(chooser.base(ours: "a1", copy: nil, copyRecords: stranger) == nil)
        #expect(chooser.base(ours: "unknown", copy: nil, copyRecords: stranger) == nil)
    }
}

@Suite("ConflictCopyName: the names sync tools give a conflict copy")
struct ConflictCopyNameTests {
    @Test(
        "names of copies of directory.plist",
        arguments: [
            ("directory.sync-conflict-20261205-101010-ABCDEFG.plist", "Syncthing"),
            ("directory (conflicted copy alice 2026-12-05 101010).plist", "Nextcloud or ownCloud"),
            ("directory (Alice's conflicted copy 2026-12-05).plist", "Dropbox"),
            ("directory_conflict-20261205-101010.plist", "ownCloud"),
            ("directory 2.plist", "iCloud Drive"),
            ("directory 13.plist", "iCloud Drive"),
            ("directory 99.plist", "iCloud Drive"),
            ("directory.plist.conflict1", "rclone bisync"),
            ("directory.plist..path1", "rclone bisync"),
            ("directory.plist..path2", "rclone bisync"),
            ("directory.plist.late-4242-123456", "this program, a late write"),
            ("directory.plist.displaced-4242-99", "this program, a displaced version"),
        ])
    func copies(name: String, maker: String) {
        #expect(ConflictCopyName.maker(of: name, for: "directory.plist") == maker)
    }

    @Test(
        "names that are not copies",
        arguments: [
            "directory.plist", "directory 1.plist", "directory 02.plist", "directory.json", "other.plist",
            "directory.plist.bak", "directory.plist.late-x-1", ".directory.plist.tmp", "directory2.plist",
            "directory (copy).plist", "bucketList.sync-conflict-20261205-101010-ABCDEFG.json",
            "directory 2024.plist", "directory 100.plist", "directory_conflict-2026-101010.plist",
            "directory_conflict-20261205-101010-x.plist",
        ])
    func notCopies(name: String) {
        #expect(ConflictCopyName.maker(of: name, for: "directory.plist") == nil)
    }

    @Test("a JSON list's Syncthing copy")
    func json() {
        #expect(
            ConflictCopyName.maker(of: "bucketList.sync-conflict-20261205-101010-ABCDEFG.json", for: "bucketList.json")
                == "Syncthing")
    }
}
