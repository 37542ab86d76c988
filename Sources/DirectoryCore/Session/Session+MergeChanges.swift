/// Merging what others saved from a `ListDelta` (a database's rows written since this
/// session's version), without reading the whole list: the same three-way rules as
/// `RecordMerge`, applied to the few records that changed, in place.
extension Session {
    /// A merge worked out from a delta, ready to be adopted.
    struct ChangesMerge {
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
        /// The list's fingerprint now.
        var fingerprint: ListVersion
    }

    /// At most this many rows are merged from a delta; a bigger one reads the whole list.
    public static var deltaLimit: Int { 10_000 }

    /// Merges `delta` with this session's edits, or `nil` when only the whole list can tell
    /// (a row written with no visible change, perhaps moved; a record placed after one this
    /// session does not have; too many rows). Conflicts throw, or with `preferringOurs` go
    /// this session's way.
    func mergeChanges(_ delta: ListDelta, preferringOurs: Bool) throws(StorageError) -> ChangesMerge? {
        guard delta.rows.count + delta.deleted.count <= Self.deltaLimit else { return nil }
        var wanted = Set<RecordKey>()
        for row in delta.rows {
            wanted.insert(row.record.key)
            if let after = row.after { wanted.insert(RecordKey(id: after)) }
        }
        for id in delta.deleted { wanted.insert(RecordKey(id: id)) }
        var index: [RecordKey: Int] = [:]
        if !wanted.isEmpty {
            records.forEachKey { position, key in if wanted.contains(key) { index[key] = position } }
        }
        let place = StoreLocation.place(of: path)
        var result = ChangesMerge(fingerprint: delta.version)
        var conflicts: [String] = []
        var placed = Set<RecordKey>()
        for row in delta.rows {
            let their = row.record
            let key = their.key
            switch tracker.baseline[key] {
            case nil:
                if let position = index[key] {
                    guard records[position] != their else { return nil }
                    result.replaced.append((position, their))
                    result.fromOthers.append("changed \(title(their))")
                } else {
                    let after = row.after.map { RecordKey(id: $0) }
                    if let after, index[after] == nil, !placed.contains(after) { return nil }
                    result.inserted.append((after, their))
                    placed.insert(key)
                    result.fromOthers.append("added \(title(their))")
                }
            case .absent:
                continue  // both added the same id: cannot happen with random ids
            case .present(let base):
                guard their != base else { return nil }
                result.bases.append((key, .present(their)))
                guard let position = index[key] else {
                    // This session deleted it.
                    if preferringOurs {
                        result.fromOthers.append(
                            "\(title(their)): deleted as you did, though the other session changed it")
                    } else {
                        conflicts.append("\(title(base)): you deleted it, but the other session changed it")
                    }
                    continue
                }
                let mine = records[position]
                var merged = their
                for field in schema.fields.indices where mine.values[field] != base.values[field] {
                    let theirValue = their.values[field]
                    if theirValue == base.values[field] || theirValue == mine.values[field] || preferringOurs {
                        if theirValue != base.values[field], theirValue != mine.values[field] {
                            result.fromOthers.append(
                                "\(title(mine)): your \(schema.fields[field].name) \(show(mine.values[field])) "
                                    + "replaced \(show(theirValue))")
                        }
                        merged.values[field] = mine.values[field]
                    } else {
                        conflicts.append(
                            "\(title(mine)): \(schema.fields[field].name) is \(show(mine.values[field])) here "
                                + "but \(show(theirValue)) in \(place)")
                    }
                }
                result.replaced.append((position, merged))
                result.fromOthers.append("changed \(title(their))")
            }
        }
        let written = Set(delta.rows.map(\.record.key))
        for id in delta.deleted where !written.contains(RecordKey(id: id)) {
            let key = RecordKey(id: id)
            switch tracker.baseline[key] {
            case nil:
                guard let position = index[key] else { continue }
                result.removed.insert(position)
                result.fromOthers.append("deleted \(title(records[position]))")
            case .absent:
                continue
            case .present(let base):
                guard let position = index[key] else {
                    result.bases.append((key, .absent))  // deleted by both
                    continue
                }
                if records[position] != base {
                    if preferringOurs {
                        result.fromOthers.append(
                            "\(title(records[position])): kept with your changes, though the other session deleted it")
                        result.bases.append((key, .absent))
                    } else {
                        conflicts.append(
                            "\(title(records[position])): you changed it, but the other session deleted it")
                    }
                } else {
                    result.removed.insert(position)
                    result.bases.append((key, .absent))
                    result.fromOthers.append("deleted \(title(base))")
                }
            }
        }
        guard conflicts.isEmpty else { throw .conflict(location: path, details: conflicts) }
        return result
    }

    /// Makes a merge worked out from a delta the list, and what it merged with the base:
    /// replaced records in place, removed and inserted ones where they belong, the undo
    /// history kept while it still fits.
    mutating func adopt(_ merge: ChangesMerge) {
        if !merge.removed.isEmpty || !merge.inserted.isEmpty {
            tracker.clearUndoAfterMerge()
            tracker.forgetRedo()
        } else if !tracker.undo.isEmpty, !merge.replaced.isEmpty {
            let touched = tracker.undo.touchedKeys(undoingFrom: records.keys)
            if touched == nil || merge.replaced.contains(where: { touched?.contains($0.record.key) ?? true }) {
                tracker.clearUndoAfterMerge()
            }
        }
        takeIn(merge.replaced.map { .replace(index: $0.index, record: $0.record) })
        if !merge.removed.isEmpty { takeIn([.remove(merge.removed.sorted())]) }
        for (after, record) in merge.inserted {
            let position = after.flatMap { records.index(of: $0) }.map { $0 + 1 } ?? 0
            takeIn([.insert(record, at: position)])
        }
        for (key, base) in merge.bases { tracker.setBase(base, for: key) }
        fingerprint = merge.fingerprint
        if recovery.isKept { noteEveryChange() }  // the recovery journal keeps each record's base too
    }

    private func title(_ record: Record) -> String { RecordMerge.title(record, schema: schema) }

    private func show(_ value: FieldValue) -> String { RecordMerge.show(value) }
}
