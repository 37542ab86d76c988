/// What differs from the saved list: the unsaved marker, the quit guard, and the change set
/// a store that writes record by record is sent.
///
/// Both go over the records the list keeps whole and the rows of its growing table
/// (`RecordList.keysKeptWhole`), not over the list: a record the baseline names is one of
/// those while it is in the list (a step that changes a record keeps it whole, one that adds
/// a record keeps it whole or in the growing table, and only loading makes table rows), so
/// a record the baseline names that is not among them was deleted. An edit and a save cost
/// what changed, however long the list.
extension WorkingList {
    /// Whether anything differs from the saved list: a record added, deleted or changed, or the order.
    ///
    /// Stops at the first difference, looking at the latest records kept whole first,
    /// where new records are.
    public var hasUnsavedChanges: Bool {
        if isReordered { return true }
        let baseline = tracker.baseline
        guard !baseline.isEmpty else { return false }
        var matched = 0
        for (index, key) in records.keysKeptWhole {
            switch baseline[key] {
            case nil: continue
            case .absent: return true
            case .present(let saved):
                if saved.values != records[index].values { return true }
                matched += 1
            }
        }
        return baseline.savedCount > matched
    }

    /// Whether nothing is unsaved by the tracker's own account (no record noted, the saved
    /// order kept): the recovery journal can go.
    var isSaved: Bool {
        tracker.baseline.isEmpty && (tracker.savedOrder == nil || !isReordered)
    }

    /// The records added, changed and deleted since the last load or save, from the baseline:
    /// additions in list order, changed records from the end of the list back.
    public var listChanges: ListChanges {
        var changes = ListChanges()
        let baseline = tracker.baseline
        if isReordered { changes.order = records.indices.map(records.id(at:)) }
        guard !baseline.isEmpty else { return changes }
        var found = Set<RecordKey>()
        found.reserveCapacity(baseline.count)
        var additions: [(index: Int, record: Record)] = []
        var changed: [(index: Int, record: Record)] = []
        for (index, key) in records.keysKeptWhole {
            // By key first: records are made and compared only for the few the baseline names.
            guard let base = baseline[key] else { continue }
            found.insert(key)
            switch base {
            case .absent: additions.append((index, records[index]))
            case .present(let saved):
                let record = records[index]
                if saved != record { changed.append((index, record)) }
            }
        }
        changes.added = additions.sorted { $0.index < $1.index }.map { item in
            .init(record: item.record, after: item.index > 0 ? records.id(at: item.index - 1) : nil)
        }
        changes.changed = changed.sorted { $0.index > $1.index }.map(\.record)
        for case (let key, .present) in baseline where !found.contains(key) { changes.deleted.append(key.id) }
        return changes
    }
}
