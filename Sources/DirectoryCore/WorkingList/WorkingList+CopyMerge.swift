/// Making a merged copy the list as one change of this session's (`merge PATH`): unlike
/// taking in what another session saved, it is an edit like any other, which `changes`
/// lists, `save` writes and one `undo` takes back.
extension WorkingList {
    /// Changes the list into `merged` (records and order) as one change made by `command`:
    /// records replaced where they changed, removed, added at the end, then one reorder.
    /// Returns whether anything changed.
    @discardableResult
    mutating func change(into merged: [Record], by command: Command) -> Bool {
        var wanted: [RecordKey: Record] = [:]
        wanted.reserveCapacity(merged.count)
        for record in merged { wanted[record.key] = record }
        var steps: [ListStep] = []
        var removed: [Int] = []
        var remaining: [RecordKey] = []
        for index in records.indices {
            let key = records.key(at: index)
            guard let record = wanted.removeValue(forKey: key) else {
                removed.append(index)
                continue
            }
            remaining.append(key)
            if records[index] != record { steps.append(.replace(index: index, record: record)) }
        }
        if !removed.isEmpty { steps.append(.remove(removed)) }
        let added = merged.filter { wanted[$0.key] != nil }
        if !added.isEmpty {
            steps.append(
                .insertAll(
                    added.enumerated().map { PlacedRecord(index: remaining.count + $0.offset, record: $0.element) }))
        }
        var position: [RecordKey: Int] = [:]
        for (index, key) in (remaining + added.map(\.key)).enumerated() { position[key] = index }
        let order = merged.compactMap { position[$0.key] }
        if order != Array(order.indices) { steps.append(.reorder(order)) }
        guard !steps.isEmpty else { return false }
        change(steps, by: command)
        return true
    }
}
