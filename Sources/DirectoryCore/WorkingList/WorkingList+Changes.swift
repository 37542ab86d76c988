/// What differs from the saved list: the unsaved marker, the quit guard, and the change set
/// a store that writes record by record is sent.
extension WorkingList {
    /// Whether anything differs from the saved list: a record added, deleted or changed, or the order.
    ///
    /// Stops at the first difference, looking from the end of the list, where new records are.
    public var hasUnsavedChanges: Bool {
        if isReordered { return true }
        let baseline = tracker.baseline
        guard !baseline.isEmpty else { return false }
        var matched = 0
        for index in records.indices.reversed() {
            // By key first: the record itself is made only for the few the baseline names.
            switch baseline[records.key(at: index)] {
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

    /// The records added, changed and deleted since the last load or save, from the baseline.
    ///
    /// Looks from the end of the list, where new records are, and stops once every
    /// record the baseline names has been found.
    public var listChanges: ListChanges {
        var changes = ListChanges()
        let baseline = tracker.baseline
        if isReordered { changes.order = records.indices.map(records.id(at:)) }
        guard !baseline.isEmpty else { return changes }
        var found = Set<RecordKey>()
        var additions: [ListChanges.Addition] = []
        var index = records.count
        while index > 0, found.count < baseline.count {
            index -= 1
            // By key first: the record itself is made only for the few the baseline names.
            let key = records.key(at: index)
            guard let base = baseline[key] else { continue }
            found.insert(key)
            let record = records[index]
            switch base {
            case .absent:
                additions.append(.init(record: record, after: index > 0 ? records.id(at: index - 1) : nil))
            case .present(let saved):
                if saved != record { changes.changed.append(record) }
            }
        }
        changes.added = additions.reversed()
        for case (let key, .present) in baseline where !found.contains(key) { changes.deleted.append(key.id) }
        return changes
    }
}
