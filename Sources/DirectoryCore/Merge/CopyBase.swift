/// Which kept version a `merge` compares both sides with: the newest version that both this
/// session's list and the copy could have come from (their newest common ancestor).
///
/// What a version came from is known for the versions this program saved (`KeptVersion.parents`).
/// For a version another program saved, and for the copy itself when it is not a kept version,
/// it is worked out from the records: walking back from the version kept just before it, the
/// first version all of whose own changes it holds (every record that version added, none
/// it deleted, every field it changed with that value) is taken as where it came from, if
/// an added record or a changed field among them proves it; a version that only deleted or
/// moved proves nothing, and is taken only if the version it came from passes too. A base
/// too new would make the other side's missing edits look like deletions and take-backs, so
/// the rule errs old: a base too old only turns a clean change into a listed conflict, or
/// keeps a record one side deleted. A version this program saved holds its own changes only
/// while the version it was saved from is kept; once that one is gone (only the last few are
/// kept), its changes are unknown and it proves nothing (a copy older than it would take every
/// record added since as deleted: found trying it). A version another program saved is taken,
/// when no version is kept before it, only if it shares a record, unchanged, with the list
/// (any record, for a version this program made as a new file: its ids were made here): with
/// nothing in common there is no base. Moves are changes too: a copy that does not hold a
/// version's order of the records both have did not come from it. This list's own
/// version is the base of a copy that differs from it only when where it came from is known
/// (a version this program saved, or made as a new file: `KeptVersion.newFile`).
struct CopyBase {
    /// The kept versions of the list, by key.
    private let versions: [String: KeptVersion]
    /// The keys, newest first.
    private let order: [String]
    /// The records of a kept version, in order, or `nil`.
    private let load: (String) -> [Record]?
    private var loaded: [String: Snapshot] = [:]
    private var steps: [String: [String]] = [:]

    /// A list's records by key, and their keys in order.
    private struct Snapshot: Equatable {
        var byKey: [RecordKey: Record] = [:]
        var order: [RecordKey] = []

        init(_ records: [Record]) {
            order = records.map(\.key)
            for record in records { byKey[record.key] = record }
        }

        /// The keys of `order` that `others` all hold, in this order.
        func order(among others: Snapshot...) -> [RecordKey] {
            order.filter { key in others.allSatisfy { $0.byKey[key] != nil } }
        }
    }

    /// A chooser over `kept` (newest first), whose records `load` reads.
    init(kept: [KeptVersion], load: @escaping (String) -> [Record]?) {
        var versions: [String: KeptVersion] = [:]
        for version in kept where versions[version.key] == nil { versions[version.key] = version }
        self.versions = versions
        self.order = kept.map(\.key)
        self.load = load
    }

    /// The key of the base for merging `copy` (its key, and its records in order) into a list
    /// last read or written as `ours`; `nil` when there is none. `lacking`: the fields each
    /// record of the copy lacks in its file (`Session.lackingFields`), which say nothing of
    /// where it came from: read as empty they would contradict every version that set them
    /// (found trying it).
    mutating func base(
        ours: String?, copy: String?, copyRecords: [Record], lacking: [RecordKey: [Int]] = [:]
    ) -> String? {
        let copyRecords = Snapshot(copyRecords)
        guard let ours, versions[ours] != nil else { return nil }
        let oursAncestors = ancestors(of: ours)
        // Merged before with no base: the same verdict, whatever the save then took from it.
        if let copy, oursAncestors.contains(where: { versions[$0]?.mergedWithoutBase.contains(copy) == true }) {
            return nil
        }
        let copyAncestors: [String]
        if let copy, versions[copy] != nil {
            copyAncestors = ancestors(of: copy)
        } else {
            // Not a version kept: it came from one of the versions kept, the newest first.
            guard let newest = order.first else { return nil }
            copyAncestors =
                presumedOrigin(of: copyRecords, from: newest, lacking: lacking).map { ancestors(of: $0) } ?? []
        }
        // The common version nearest the copy: a list saved back to contents it had before
        // (a typo fixed back) is kept once, as the newest, so the order of the log is no
        // guide to which came first (found trying it).
        let ourSet = Set(oursAncestors)
        var base = copyAncestors.first { ourSet.contains($0) }
        // The copy is a version this list had before and came back to (a typo fixed back): as
        // this list's ancestor it is the old one, but the copy is the return, made from the
        // version it was saved from, which is the base (found trying it).
        if let copy, base == copy, let parent = origins(of: copy).first, ourSet.contains(parent),
            ancestors(of: parent).contains(copy)
        {
            base = parent
        }
        // This list's own version, with nothing known of where it came from (the first seen in
        // a moved or copied folder), may hold edits of this side: a copy that only shares
        // records with it is no proof that it came from it, and taking it as the base would
        // take those edits back. Then there is no base: every difference is listed.
        // A version this program made as a new file has a known origin (none): a copy of it
        // came from it or from a later version.
        // A copy that differs only in order is no proof either (found trying it).
        if base == ours, copy != ours, origins(of: ours).isEmpty, versions[ours]?.isNewFile != true,
            records(of: ours) != copyRecords
        {
            return nil
        }
        return base
    }

    /// The key of the newest version this list (last read or written as `ours`) came from
    /// that took some but not all of `copy` (`KeptVersion.takenFrom`): what it took is where
    /// both sides were, though the copy is not an ancestor; `nil` when there is none.
    mutating func taker(ours: String?, copy: String?) -> String? {
        guard let ours, let copy, versions[ours] != nil else { return nil }
        return ancestors(of: ours).first { versions[$0]?.takenFrom.contains(copy) == true }
    }

    /// `key` and every version it came from, nearest first. A copy whose merge `undo` took back
    /// before a version was saved (`KeptVersion.undone`) is not where that version, or any
    /// made from it, came from, though an earlier version, saved while the merge was in
    /// effect, names it (found trying it: merged again, the copy was its own base, and nothing
    /// of it was taken).
    private mutating func ancestors(of key: String) -> [String] {
        var result: [String] = []
        var found = Set<String>()
        var seen = Set<[String]>()
        var waiting: [(key: String, cut: Set<String>)] = [(key, [])]
        while !waiting.isEmpty {
            let (next, cut) = waiting.removeFirst()
            guard !cut.contains(next), let version = versions[next] else { continue }
            let cutHere = cut.union(version.undone)
            guard seen.insert([next] + cutHere.sorted()).inserted else { continue }
            if found.insert(next).inserted { result.append(next) }
            waiting += origins(of: next).map { ($0, cutHere) }
        }
        return result
    }

    /// The versions `key` was made from: its parents when known, else the one worked out (for
    /// a version another program saved; one this program saved from a version no longer kept
    /// has none).
    private mutating func origins(of key: String) -> [String] {
        if let known = steps[key] { return known }
        guard let version = versions[key] else { return [] }
        var found = version.parents.filter { versions[$0] != nil }
        if found.isEmpty, version.parents.isEmpty, let after = version.after, after != key,
            let records = records(of: key)
        {
            steps[key] = []  // no cycle through a version being worked out
            found = presumedOrigin(of: records, from: after).map { [$0] } ?? []
        }
        steps[key] = found
        return found
    }

    /// The newest of `start` and the versions it came from that `records` could have come
    /// from (`cameFrom`), ignoring the fields they lack (`lacking`).
    private mutating func presumedOrigin(
        of records: Snapshot, from start: String, lacking: [RecordKey: [Int]] = [:]
    ) -> String? {
        for candidate in ancestors(of: start) where cameFrom(records, key: candidate, lacking: lacking) {
            return candidate
        }
        return nil
    }

    /// Whether `records` could have come from the version `key`: they hold every change it made
    /// to the version it came from, and one of those changes proves it (a record it added, a
    /// field it changed: another device could not have made the same by chance), or else the
    /// changes of the version it came from that `key` still holds pass the same test, and so on
    /// back. A version whose changes are only deletions, or only moves, proves nothing: a copy
    /// made before the records it deleted were added lacks them too, and taking that version
    /// as the base would make every record added since look deleted by the copy (found trying
    /// it).
    private mutating func cameFrom(_ records: Snapshot, key: String, lacking: [RecordKey: [Int]]) -> Bool {
        guard let kept = self.records(of: key) else { return false }
        var next: String? = key
        var seen = Set<String>()
        while let step = next, seen.insert(step).inserted {
            switch evidence(records, changesOf: step, stillIn: kept, lacking: lacking) {
            case .contradicted: return false
            case .proven: return true
            case .none: next = origins(of: step).first
            }
        }
        return false
    }

    /// What `records` say of having come from a version.
    private enum Evidence {
        /// They lack a change it made.
        case contradicted
        /// They hold its changes, and a record it added or a field it changed is among them.
        case proven
        /// They hold its changes, which are only deletions or none.
        case none
    }

    /// Whether `records` hold every change `key` made to the version it came from that the
    /// version `kept` still holds, moves among them. For a version with none known: a version
    /// this program made as a new file is proven by a record of it (its ids were made here),
    /// one another program saved by a record of it unchanged, and one this program saved from
    /// a version no longer kept by nothing (what it changed is unknown). Nor does a version made
    /// from a step that dropped out of the log (`KeptVersion.lostSteps`): a copy of that step
    /// may hold some of its changes and not others, or a value it set back since. A field a
    /// record lacks in the copy's file (`lacking`) is neither proof nor contradiction. A field
    /// this version changed that the copy holds with a third value (neither this version's
    /// nor the one before) is the copy's own edit when another change proves the copy came
    /// from this version, else a contradiction.
    private mutating func evidence(
        _ records: Snapshot, changesOf key: String, stillIn kept: Snapshot, lacking: [RecordKey: [Int]]
    ) -> Evidence {
        guard let snapshot = self.records(of: key), versions[key]?.lostSteps != true else { return .contradicted }
        let version = snapshot.byKey
        guard let origin = origins(of: key).first, let earlier = self.records(of: origin) else {
            guard let made = versions[key] else { return .contradicted }
            let shared =
                made.isNewFile
                ? version.keys.contains { records.byKey[$0] != nil }
                : made.parents.isEmpty
                    && version.contains { key, record in
                        records.byKey[key].map { Self.same($0, record, apart: lacking[key] ?? []) } ?? false
                    }
            return shared ? .proven : .contradicted
        }
        // A move it made: the copy must have its order of the records all three hold.
        let moved = snapshot.order(among: earlier, records) != earlier.order(among: snapshot, records)
        if moved, snapshot.order(among: earlier, records) != records.order(among: snapshot, earlier) {
            return .contradicted
        }
        let before = earlier.byKey
        let records = records.byKey
        let kept = kept.byKey
        // What it took from copies it merged but did not take whole is not its own change.
        let taken = (versions[key]?.takenFrom ?? []).compactMap { self.records(of: $0)?.byKey }
        var proven = false
        var edited = false
        for (recordKey, record) in version {
            guard let still = kept[recordKey] else { continue }  // deleted since
            let copied = taken.compactMap { $0[recordKey] }
            guard let old = before[recordKey] else {
                if copied.contains(record) { continue }
                if records[recordKey] == nil { return .contradicted }  // it added this record
                proven = true
                continue
            }
            guard old != record else { continue }
            guard let now = records[recordKey] else { return .contradicted }
            let absent = lacking[recordKey] ?? []
            for field in record.values.indices where record.values[field] != old.values[field] {
                guard still.values[field] == record.values[field] else { continue }  // changed since
                if absent.contains(field) { continue }
                if copied.contains(where: { $0.values[field] == record.values[field] }) { continue }
                if now.values[field] == record.values[field] {
                    proven = true
                } else if now.values[field] == old.values[field] {
                    return .contradicted  // the value before this version's change
                } else {
                    edited = true  // a third value: the copy's own edit, if another change proves it
                }
            }
            // The keys other apps keep are changes too (a newer app's `pronouns`: found trying it).
            if record.extras != old.extras, still.extras == record.extras,
                !copied.contains(where: { $0.extras == record.extras })
            {
                if now.extras != record.extras { return .contradicted }
                proven = true
            }
        }
        for recordKey in before.keys where version[recordKey] == nil && records[recordKey] != nil {
            return .contradicted  // it deleted this record
        }
        // A field changed here that the copy holds with a third value is no contradiction when
        // another change of this version proves the copy came from it (a record it added): the
        // copy then changed that field itself (trial 8, finding 6). Without such proof it is one.
        if edited { return proven ? .proven : .contradicted }
        return proven ? .proven : .none
    }

    /// Whether `copied` is `record` but for the fields `absent` (which its file lacks).
    private static func same(_ copied: Record, _ record: Record, apart absent: [Int]) -> Bool {
        guard !absent.isEmpty else { return copied == record }
        var filled = copied
        for field in absent where field < filled.values.count && field < record.values.count {
            filled.values[field] = record.values[field]
        }
        return filled == record
    }

    private mutating func records(of key: String) -> Snapshot? {
        if let known = loaded[key] { return known }
        guard let records = load(key) else { return nil }
        let snapshot = Snapshot(records)
        loaded[key] = snapshot
        return snapshot
    }
}
