extension RecordList {
    /// The order of the keys of the first record that was read from a file, without its
    /// unknown keys' places: the order a save gives a record made here (`keyOrder` `nil`),
    /// so that new records look like the file's others. `nil` when no record was read.
    public var firstKeyOrder: KeyOrder? {
        for index in indices {
            let order: KeyOrder?
            if let row = tableRow(at: index), let table {
                order = table.keyOrders[table.keyOrderIndex(ofRow: row)]
            } else if growingRow(at: index) != nil {
                order = nil  // made here
            } else {
                order = loose[~slots[index]].keyOrder
            }
            if let order { return order.withoutExtras }
        }
        return nil
    }
}

extension RecordTable {
    /// Each of the table's key orders resolved for writing (a row made here takes
    /// `fallback`), one after another, `1 + fieldCount` codes each: the codes of row
    /// `row` start at `keyOrderIndex(ofRow: row) * (1 + fieldCount)`.
    func resolvedKeyOrders(fallback: KeyOrder) -> [UInt8] {
        keyOrders.flatMap { ($0 ?? fallback).resolved(fieldCount: fieldCount, extraCount: 0) }
    }
}
