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
/// keeps a record one side deleted. The oldest version kept is taken only when it shares a
/// record, unchanged, with the list (any record, for a version this program made as a new
/// file: its ids were made here): with nothing in common there is no base. This list's own
/// version is the base of a copy that differs from it only when where it came from is known
/// (a version this program saved, or made as a new file: `KeptVersion.newFile`).
struct CopyBase {
    /// The kept versions of the list, by key.
    private let versions: [String: KeptVersion]
    /// The keys, newest first.
    private let order: [String]
    /// The records of a kept version, or `nil`.
    private let load: (String) -> [RecordKey: Record]?
    private var loaded: [String: [RecordKey: Record]] = [:]
    private var steps: [String: [String]] = [:]

    /// A chooser over `kept` (newest first), whose records `load` reads.
    init(kept: [KeptVersion], load: @escaping (String) -> [RecordKey: Record]?) {
        var versions: [String: KeptVersion] = [:]
        for version in kept where versions[version.key] == nil { versions[version.key] = version }
        self.versions = versions
        self.order = kept.map(\.key)
        self.load = load
    }

    /// The key of the base for merging `copy` (its key, and its records) into a list last read
    /// or written as `ours`; `nil` when there is none.
    mutating func base(ours: String?, copy: String?, copyRecords: [RecordKey: Record]) -> String? {
        guard let ours, versions[ours] != nil else { return nil }
        let oursAncestors = ancestors(of: ours)
        let copyAncestors: [String]
        if let copy, versions[copy] != nil {
            copyAncestors = ancestors(of: copy)
        } else {
            // Not a version kept: it came from one of the versions kept, the newest first.
            guard let newest = order.first else { return nil }
            copyAncestors = presumedOrigin(of: copyRecords, from: newest).map { ancestors(of: $0) } ?? []
        }
        let ourSet = Set(oursAncestors)
        let common = Set(copyAncestors.filter { ourSet.contains($0) })
        let base = order.first { common.contains($0) }
        // This list's own version, with nothing known of where it came from (the first seen in
        // a moved or copied folder), may hold edits of this side: a copy that only shares
        // records with it is no proof that it came from it, and taking it as the base would
        // take those edits back. Then there is no base: every difference is listed.
        // A version this program made as a new file has a known origin (none): a copy of it
        // came from it or from a later version.
        if base == ours, copy != ours, origins(of: ours).isEmpty, versions[ours]?.isNewFile != true,
            records(of: ours) != copyRecords
        {
            return nil
        }
        return base
    }

    /// `key` and every version it came from, nearest first.
    private mutating func ancestors(of key: String) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        var waiting = [key]
        while !waiting.isEmpty {
            let next = waiting.removeFirst()
            guard seen.insert(next).inserted, versions[next] != nil else { continue }
            result.append(next)
            waiting += origins(of: next)
        }
        return result
    }

    /// The versions `key` was made from: its parents when known, else the one worked out.
    private mutating func origins(of key: String) -> [String] {
        if let known = steps[key] { return known }
        guard let version = versions[key] else { return [] }
        var found = version.parents.filter { versions[$0] != nil }
        if found.isEmpty, let after = version.after, after != key, let records = records(of: key) {
            steps[key] = []  // no cycle through a version being worked out
            found = presumedOrigin(of: records, from: after).map { [$0] } ?? []
        }
        steps[key] = found
        return found
    }

    /// The newest of `start` and the versions it came from that `records` could have come
    /// from (`cameFrom`).
    private mutating func presumedOrigin(of records: [RecordKey: Record], from start: String) -> String? {
        for candidate in ancestors(of: start) where cameFrom(records, key: candidate) {
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
    private mutating func cameFrom(_ records: [RecordKey: Record], key: String) -> Bool {
        guard let kept = self.records(of: key) else { return false }
        var next: String? = key
        var seen = Set<String>()
        while let step = next, seen.insert(step).inserted {
            switch evidence(records, changesOf: step, stillIn: kept) {
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
    /// version `kept` still holds. For a version with none known: a version this program made
    /// as a new file is proven by a record of it (its ids were made here), another by a record
    /// of it unchanged.
    private mutating func evidence(
        _ records: [RecordKey: Record], changesOf key: String, stillIn kept: [RecordKey: Record]
    ) -> Evidence {
        guard let version = self.records(of: key) else { return .contradicted }
        guard let origin = origins(of: key).first, let before = self.records(of: origin) else {
            let shared =
                versions[key]?.isNewFile == true
                ? version.keys.contains { records[$0] != nil }
                : version.contains { records[$0.key] == $0.value }
            return shared ? .proven : .contradicted
        }
        var proven = false
        for (recordKey, record) in version {
            guard let still = kept[recordKey] else { continue }  // deleted since
            guard let old = before[recordKey] else {
                if records[recordKey] == nil { return .contradicted }  // it added this record
                proven = true
                continue
            }
            guard old != record else { continue }
            guard let now = records[recordKey] else { return .contradicted }
            for field in record.values.indices where record.values[field] != old.values[field] {
                guard still.values[field] == record.values[field] else { continue }  // changed since
                if now.values[field] != record.values[field] { return .contradicted }
                proven = true
            }
        }
        for recordKey in before.keys where version[recordKey] == nil && records[recordKey] != nil {
            return .contradicted  // it deleted this record
        }
        return proven ? .proven : .none
    }

    private mutating func records(of key: String) -> [RecordKey: Record]? {
        if let known = loaded[key] { return known }
        guard let records = load(key) else { return nil }
        loaded[key] = records
        return records
    }
}
