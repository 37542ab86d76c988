/// Merging another copy of the list (a sync tool's conflict copy, a backup) into the working
/// list, by record id and field, against a base (`CopyBase`), with `MergeRule`.
///
/// Unlike a save's merge, a conflict does not stop it: the field keeps this session's value
/// (with `preferringCopy`, `merge!`, the copy's) and is listed with the other value and the
/// command that takes it. With no base, nothing is deleted: a record found on one side only
/// is kept, and a field that differs is a conflict.
struct CopyMerge {
    /// A field (or a whole record) that both sides changed differently.
    struct Conflict: Equatable {
        /// What the merge says of it, naming the record, the field and both values.
        var line: String
        /// The command that takes the value not chosen, when there is one.
        var taking: String?
        /// Whether the other side is a copy merged before this one, not this session's edits.
        var betweenCopies = false
    }

    /// The merged list and what the merge did.
    struct Merged {
        /// The records, in the merged order.
        var records: [Record] = []
        /// Records the copy added that the list takes.
        var added: [String] = []
        /// Records the list takes changes of from the copy.
        var changed: [String] = []
        /// Records the list loses because the copy deleted them.
        var deleted: [String] = []
        /// Records the copy moved, placed as there (a record both sides moved is a conflict).
        var moved: [String] = []
        /// Whether there was a base to compare both sides with.
        var hadBase = true
        /// The key of the kept version it was compared with (`CopyBase`), when there was one.
        var baseKey: String?
        /// Records of this list the copy lacks, kept because there was no base to tell whether
        /// the copy deleted them: a save does not remove a conflict copy that lacks any.
        var keptWithoutBase: [String] = []
        /// Records added here after the base and saved, which the copy lacks: kept, and named,
        /// since the copy may have deleted them.
        var keptSaved: [String] = []
        /// Records the copy has as the base has them that this list deleted since: left deleted.
        var deletedHere: [String] = []
        /// Conflicts, each settled (this session's way, or the copy's with `preferringCopy`).
        var conflicts: [Conflict] = []
    }

    let kind: ListKind
    /// The copy's name in messages ("in directory.sync-conflict-….plist").
    let place: String
    /// The command that merges the copy taking its side (`merge! PATH`), which conflicts offer.
    let takingAll: String
    /// Whether conflicts take the copy's value (`merge!`).
    var preferringCopy = false
    /// What the working list took from copies merged before this one by the same command: for
    /// a record's key, each field's index (or `CopyMerge.wholeRecord` for the record itself,
    /// added or deleted) with the name of the copy it came from. A clash there is between two
    /// copies, not with this session's edits, and is worded so.
    var earlier: [RecordKey: [Int: String]] = [:]

    /// The field index in `earlier` that stands for a whole record.
    static let wholeRecord = -1

    /// The rule, asked with the side that wins a conflict as "ours".
    private var rule: MergeRule { MergeRule(kind: kind, place: place, preferringOurs: true) }

    /// Merges `theirs` (the copy's records) into `ours` (the working list's) against `baseList`
    /// (`nil`: no base). The order is merged by `OrderMerge`, the copy as the other side; with
    /// no base, this session's order stays and the copy's additions are placed as it has them.
    ///
    /// `saved`: the keys of the version this list was last read or saved as. A record of it
    /// that the base lacks and the copy lacks was added here and saved, and the copy may have
    /// deleted it after a sync tool brought it (or been made before it): by content the two
    /// cannot be told apart, so it is kept and named (found trying it); one that a copy merged
    /// before this one by the same command added (`earlier`) is kept as that copy's addition.
    ///
    /// `lacking`: the fields each record of the copy lacks in its file (no key), which it did
    /// not change: they are taken as the base has them (else as this list has them), never as
    /// emptied (found trying it). `taken`: the records of the version this list came from that
    /// took some but not all of the copy (`CopyBase.taker`): a record it holds as the copy
    /// has it is where both sides were, so that a record the copy brought and this side
    /// deleted since is not brought back (found trying it).
    func merge(
        base baseList: [Record]?, ours: [Record], theirs copyRecords: [Record], saved: Set<RecordKey> = [],
        lacking: [RecordKey: [Int]] = [:], taken: [Record] = []
    ) -> Merged {
        var base = baseList.map { list in Dictionary(list.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let theirs = Self.filling(lacking, of: copyRecords, from: base, ours: ours)
        var theirsByKey: [RecordKey: Record] = [:]
        for record in theirs { theirsByKey[record.key] = record }
        var oursKeys = Set<RecordKey>()
        var result = Merged()
        result.hadBase = base != nil || ours.isEmpty  // into nothing, nothing could be deleted
        for record in taken where theirsByKey[record.key] == record {
            if base == nil { base = [:] }
            base?[record.key] = record
        }
        var kept: [Record] = []
        for mine in ours {
            oursKeys.insert(mine.key)
            let their = theirsByKey[mine.key]
            guard let old = base?[mine.key] else {
                if let their {
                    kept.append(withoutBase(ours: mine, theirs: their, into: &result))
                } else {
                    if !result.hadBase {
                        result.keptWithoutBase.append(rule.title(mine))
                    } else if saved.contains(mine.key), earlier[mine.key]?[Self.wholeRecord] == nil {
                        // One that a copy merged before this one added is that copy's addition, not saved here.
                        result.keptSaved.append(rule.title(mine))
                    }
                    kept.append(mine)
                }
                continue
            }
            let decision = decide(base: old, ours: mine, theirs: their)
            if let record = decision.record { kept.append(record) }
            note(decision, base: old, ours: mine, theirs: their, into: &result)
        }
        var additions: [Record] = []
        for their in theirs where !oursKeys.contains(their.key) {
            guard let old = base?[their.key] else {
                additions.append(their)
                result.added.append(rule.title(their))
                continue
            }
            let decision = decide(base: old, ours: nil, theirs: their)
            if let record = decision.record { additions.append(record) }
            note(decision, base: old, ours: nil, theirs: their, into: &result)
        }
        var byKey: [RecordKey: Record] = [:]
        for record in kept + additions { byKey[record.key] = record }
        let order = mergedOrder(
            base: result.hadBase ? baseList : nil, ours: ours, theirs: theirs, records: byKey, into: &result)
        result.records = order.compactMap { byKey[$0] }
        return result
    }

    /// The merged order of the records' keys, by `OrderMerge`; a record both sides moved to
    /// different places is a conflict, settled as fields are.
    private func mergedOrder(
        base: [Record]?, ours: [Record], theirs: [Record], records: [RecordKey: Record], into result: inout Merged
    ) -> [RecordKey] {
        let ourKeys = ours.map(\.key)
        let theirKeys = theirs.map(\.key)
        guard let base else { return orderWithoutBase(ours: ourKeys, theirs: theirKeys, into: &result) }
        let merged = OrderMerge.merge(
            base: base.map(\.key), ours: ourKeys, theirs: theirKeys, preferringOurs: !preferringCopy,
            appendedFirst: addedByEarlierCopies(ourKeys))
        var all = records
        for record in ours + theirs where all[record.key] == nil { all[record.key] = record }
        let final = merged.order.filter { records[$0] != nil }
        let clashing = Set(merged.conflicts.map(\.key))
        result.moved = merged.theirMoves.compactMap { key in
            clashing.contains(key) ? nil : records[key].map { rule.title($0) }
        }
        for conflict in merged.conflicts {
            guard let record = all[conflict.key] else { continue }
            let oursAfter = conflict.oursAfter.flatMap { all[$0] }
            let theirsAfter = conflict.theirsAfter.flatMap { all[$0] }
            let line = rule.moveConflict(record, oursAfter: oursAfter, theirsAfter: theirsAfter)
            result.conflicts.append(
                preferringCopy
                    ? Conflict(line: line + "; placed as there")
                    : Conflict(
                        line: line + "; kept this list's place",
                        taking: taking(place: conflict.key, after: conflict.theirsAfter, in: final)))
        }
        return merged.order
    }

    /// The keys of `ours` that a copy merged before this one by the same command added: placed
    /// before what this copy appended, so that copies merged oldest first add in that order.
    func addedByEarlierCopies(_ ours: [RecordKey]) -> Set<RecordKey> {
        guard !earlier.isEmpty else { return [] }
        return Set(ours.filter { earlier[$0]?[Self.wholeRecord] != nil })
    }

    /// The command that moves the record `key` to the place the copy gives it (after `after`,
    /// or first) in the merged `order`: `move #ID to N`. When that record is not in the merged
    /// list, the merge that takes the copy's side.
    private func taking(place key: RecordKey, after: RecordKey?, in order: [RecordKey]) -> String {
        let others = order.filter { $0 != key }
        let number: Int
        if let after {
            guard let index = others.firstIndex(of: after) else { return takingAll }
            number = index + 2
        } else {
            number = 1
        }
        // A repeated id names no one record: its number in the merged list instead.
        let from = key.occurrence == 0 ? "#\(key.id.description)" : String((order.firstIndex(of: key) ?? 0) + 1)
        return "move \(from) to \(number)"
    }

    /// `MergeRule`'s decision, the winning side asked as "ours".
    private func decide(base: Record, ours: Record?, theirs: Record?) -> MergeRule.Decision {
        preferringCopy
            ? rule.decide(base: base, ours: theirs, theirs: ours) : rule.decide(base: base, ours: ours, theirs: theirs)
    }

    /// Notes what a record's decision took from the copy, and its conflicts, worded for a copy.
    private func note(
        _ decision: MergeRule.Decision, base: Record, ours mine: Record?, theirs their: Record?,
        into result: inout Merged
    ) {
        let who = (mine ?? their).map { self.who(changed: $0.key) } ?? Self.thisList
        let betweenCopies = who != Self.thisList
        switch (mine, their, decision.record) {
        case (let mine?, nil, nil):
            result.deleted.append(rule.title(mine))
            if mine != base {
                result.conflicts.append(
                    Conflict(
                        line: "\(rule.title(mine)): deleted as \(place) did, though \(who) changed it",
                        betweenCopies: betweenCopies))
            }
        case (let mine?, nil, _?):
            result.conflicts.append(
                Conflict(
                    line: "\(rule.title(mine)): \(who) changed it, but \(place) deleted it; kept",
                    taking: "delete #\(mine.id.description)", betweenCopies: betweenCopies))
        case (nil, let their?, _?):
            result.added.append(rule.title(their))
            result.conflicts.append(
                Conflict(
                    line: "\(rule.title(their)): brought back as \(place) changed it, though \(who) deleted it",
                    betweenCopies: betweenCopies))
        case (nil, let their?, nil):
            if their == base { result.deletedHere.append(rule.title(their)) }
            if their != base {
                result.conflicts.append(
                    Conflict(
                        line: "\(rule.title(their)): \(who) deleted it, but \(place) changed it; left deleted",
                        taking: takingAll, betweenCopies: betweenCopies))
            }
        case (let mine?, let their?, let merged?):
            if merged.values != mine.values || merged.extras != mine.extras { result.changed.append(rule.title(mine)) }
            if mine.extras != base.extras, their.extras != base.extras, mine.extras != their.extras {
                result.conflicts.append(otherAppsConflict(ours: mine, theirs: their, betweenCopies: betweenCopies))
            }
            for field in kind.fields.indices
            where mine.values[field] != base.values[field] && their.values[field] != base.values[field]
                && mine.values[field] != their.values[field]
            {
                result.conflicts.append(fieldConflict(field, ours: mine, theirs: their, took: merged))
            }
        default:
            break
        }
    }

    /// A record whose keys other apps keep differ here and in the copy, both changed (or with
    /// no base to tell): a conflict, settled as fields are, so the copy is kept.
    private func otherAppsConflict(ours mine: Record, theirs their: Record, betweenCopies: Bool) -> Conflict {
        let keys = MergeRule.differingKeys(mine.extras, their.extras).map { VisibleText.of($0) }
        let kept = preferringCopy ? "the copy's values taken" : "this list's kept"
        return Conflict(
            line: "\(rule.title(mine)): \(keys.joined(separator: ", ")) (kept for other apps) differ here "
                + "and in \(place); \(kept)",
            taking: preferringCopy ? nil : takingAll, betweenCopies: betweenCopies)
    }

    /// A record both sides have but the base lacks (no base at all): every field that differs
    /// is a conflict, since nothing tells which side changed it.
    private func withoutBase(ours mine: Record, theirs their: Record, into result: inout Merged) -> Record {
        guard mine != their else { return mine }
        var merged = mine
        if preferringCopy {
            merged.values = their.values
            merged.extras = their.extras
        } else if mine.extras.isEmpty {
            merged.extras = their.extras
        }
        for field in kind.fields.indices where mine.values[field] != their.values[field] {
            result.conflicts.append(fieldConflict(field, ours: mine, theirs: their, took: merged))
        }
        if mine.extras != their.extras, !mine.extras.isEmpty {
            result.conflicts.append(otherAppsConflict(ours: mine, theirs: their, betweenCopies: false))
        }
        if merged.values != mine.values || merged.extras != mine.extras { result.changed.append(rule.title(mine)) }
        return merged
    }

    /// How a merge message names the working list's side: not "you", since what it holds may
    /// be another device's (the phone's file opened, the computer's copy merged into it: found
    /// trying it).
    static let thisList = "this list"

    /// `thisList`, or "directory 2.plist" when the working list has the record (or `field` of
    /// it) as a copy merged before this one left it.
    private func who(changed key: RecordKey, field: Int = wholeRecord) -> String {
        guard let from = earlier[key] else { return Self.thisList }
        let anyField = field == Self.wholeRecord ? from.sorted { $0.key < $1.key }.first?.value : nil
        return from[field] ?? from[Self.wholeRecord] ?? anyField ?? Self.thisList
    }

    /// The conflict line of `field`, saying which value the merge kept and how to take the other.
    private func fieldConflict(_ field: Int, ours mine: Record, theirs their: Record, took merged: Record) -> Conflict {
        let name = kind.fields[field].name
        let here = MergeRule.show(mine.values[field])
        let there = MergeRule.show(their.values[field])
        let who = who(changed: mine.key, field: field)
        let earlierCopy = who != Self.thisList
        guard merged.values[field] == mine.values[field] else {
            let replaced = earlierCopy ? "\(here) from \(who)" : "this list's \(here)"
            return Conflict(
                line: "\(rule.title(mine)): \(name) is \(there) as in \(place), replacing \(replaced)",
                betweenCopies: earlierCopy)
        }
        let from = earlierCopy ? "in \(who)" : "here"
        return Conflict(
            line: "\(rule.title(mine)): \(name) is \(here) \(from) but \(there) in \(place); kept \(here)",
            taking: "edit #\(mine.id.description), then set \(name) \(QuotedValue.written(text(their.values[field])))",
            betweenCopies: earlierCopy)
    }

    /// A value as `set` takes it.
    private func text(_ value: FieldValue) -> String {
        switch value {
        case .text(let text): return text
        case .date(let seconds): return DateText.iso8601(seconds)
        }
    }
}
