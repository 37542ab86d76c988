/// Merging what others saved from a `ListDelta` (a database's rows written since this
/// session's version), without reading the whole list: `MergeRule` applied to the few
/// records that changed, in place.
///
/// Order is never merged here: a session that reordered its list is offered no delta
/// (`Session.mergeWithStore`), and a delta with a row that moved returns `nil`; both merge the
/// whole list, whose order is `RecordMerge.mergedOrder`'s on a file and a database alike.
struct DeltaMerge {
    /// Records of the list to replace, by index.
    var replaced: [(index: Int, record: Record)] = []
    /// Indices of records to remove.
    var removed: Set<Int> = []
    /// Records to insert, in order, each after the record with that key (`nil`: first).
    var inserted: [(after: RecordKey?, record: Record)] = []
    /// The new merge base of the records this session touched that the others wrote.
    var bases: [(key: RecordKey, base: Baseline)] = []
    /// One line per record the others added, changed or deleted, and per conflict resolved this session's way.
    var fromOthers: [String] = []
    /// The list's version now.
    var version: ListVersion

    /// Merges `delta`, what others saved to the list at `location`, with the edits of `list`,
    /// or returns `nil` when only the whole list can tell (a row written with no visible change,
    /// perhaps moved; a row that follows another record than here, moved; a record placed after
    /// one this session does not have; too many rows).
    /// Conflicts throw, or with `preferringOurs` go this session's way.
    static func merge(
        _ delta: ListDelta, into list: WorkingList, location: String, medium: StoreMedium, preferringOurs: Bool
    ) throws(StorageError) -> DeltaMerge? {
        let (records, kind, tracker) = (list.records, list.kind, list.tracker)
        guard delta.rows.count + delta.deleted.count <= ListDelta.mergeLimit else { return nil }
        var wanted = Set<RecordKey>()
        for row in delta.rows {
            wanted.insert(row.record.key)
            if let after = row.after { wanted.insert(RecordKey(id: after)) }
        }
        for id in delta.deleted { wanted.insert(RecordKey(id: id)) }
        let index = records.indices(of: wanted)
        let rule = MergeRule(
            kind: kind, place: medium.place, preferringOurs: preferringOurs)
        var result = DeltaMerge(version: delta.version)
        var conflicts: [String] = []
        var placed = Set<RecordKey>()
        for row in delta.rows {
            let their = row.record
            let key = their.key
            // A row of a record this session has that now follows another record was moved
            // (its position written, with or without its fields): only the whole list tells the order.
            if let position = index[key], predecessor(of: position, in: list) != row.after.map({ RecordKey(id: $0) }) {
                return nil
            }
            switch tracker.baseline[key] {
            case nil:
                if let position = index[key] {
                    guard records[position] != their else { return nil }
                    result.replaced.append((position, their))
                    result.fromOthers.append(rule.changed(their))
                } else {
                    let after = row.after.map { RecordKey(id: $0) }
                    if let after, index[after] == nil, !placed.contains(after) { return nil }
                    result.inserted.append((after, their))
                    placed.insert(key)
                    result.fromOthers.append(rule.added(their))
                }
            case .absent:
                continue  // both added the same id: cannot happen with random ids
            case .present(let base):
                guard their != base else { return nil }
                result.bases.append((key, .present(their)))
                let position = index[key]
                let decision = rule.decide(base: base, ours: position.map { records[$0] }, theirs: their)
                conflicts += decision.conflicts
                result.fromOthers += decision.overruled
                if let position, let merged = decision.record {
                    result.replaced.append((position, merged))
                    // A change this session had already, made the same way there, is not one taken.
                    if merged != records[position] { result.fromOthers.append(rule.changed(their)) }
                }
            }
        }
        let written = Set(delta.rows.map(\.record.key))
        for id in delta.deleted where !written.contains(RecordKey(id: id)) {
            let key = RecordKey(id: id)
            switch tracker.baseline[key] {
            case nil:
                guard let position = index[key] else { continue }
                result.removed.insert(position)
                result.fromOthers.append(rule.deleted(records[position]))
            case .absent:
                continue
            case .present(let base):
                let position = index[key]
                let decision = rule.decide(base: base, ours: position.map { records[$0] }, theirs: nil)
                conflicts += decision.conflicts
                result.fromOthers += decision.overruled
                guard decision.conflicts.isEmpty else { continue }
                result.bases.append((key, .absent))
                if let position, decision.record == nil {
                    result.removed.insert(position)
                    result.fromOthers.append(rule.deleted(base))
                }
            }
        }
        guard conflicts.isEmpty else { throw .conflict(location: location, medium: medium, details: conflicts) }
        return result
    }

    /// The key of the record before `position` that the stored list has too: records this
    /// session added are skipped (the others cannot follow them); `nil` when there is none.
    private static func predecessor(of position: Int, in list: WorkingList) -> RecordKey? {
        var index = position - 1
        while index >= 0 {
            let key = list.records.key(at: index)
            if case .absent? = list.tracker.baseline[key] {
                index -= 1
                continue
            }
            return key
        }
        return nil
    }
}
