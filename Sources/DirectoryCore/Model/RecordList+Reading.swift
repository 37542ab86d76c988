/// Reading a `RecordList` without making records: keys, values and text straight from its
/// table, and comparing lists.
extension RecordList {
    /// Calls `body` with each record's index and key, in list order, without making
    /// records: the quickest way over every key of a long list.
    public func forEachKey(_ body: (Int, RecordKey) -> Void) {
        let allIDs = table?.ids ?? []
        let ids = allIDs.span
        let slots = slots.span
        for index in slots.indices {
            let slot = slots[index]
            body(index, slot >= 0 ? RecordKey(id: ids[slot]) : loose[~slot].key)
        }
    }

    /// Every record's key, in list order.
    public var keys: [RecordKey] {
        var keys: [RecordKey] = []
        keys.reserveCapacity(count)
        forEachKey { _, key in keys.append(key) }
        return keys
    }

    /// The records kept whole that are in the list, each with its index, the latest kept
    /// first: every new and changed record (and any a table cannot hold), found without a
    /// pass over the list.
    public var recordsKeptWhole: some Sequence<(index: Int, record: Record)> {
        loose.indices.reversed().lazy.compactMap { entry -> (index: Int, record: Record)? in
            let index = loosePositions[entry]
            return index < 0 ? nil : (index, loose[entry])
        }
    }

    /// The index of the first record whose key is `key`, if any: the records kept whole are
    /// looked at first, and only a key a table row may have sends the search over the rows.
    public func index(of key: RecordKey) -> Int? {
        var first: Int?
        for entry in loose.indices where loosePositions[entry] >= 0 && loose[entry].key == key {
            first = Swift.min(first ?? .max, loosePositions[entry])
        }
        guard key.occurrence == 0, let table else { return first }
        let allIDs = table.ids
        let ids = allIDs.span
        let slots = slots.span
        for index in 0..<(first ?? slots.count) where slots[index] >= 0 && ids[slots[index]] == key.id {
            return index
        }
        return first
    }

    /// The index of each of `keys` the list has (where a key repeats, of one of its records:
    /// keys are unique in a session's list), found in one go: among the records kept whole, then, for the keys a table row may have that
    /// are still missing, in one pass over the rows that compares ids without making records
    /// and sets most aside by one bit each.
    public func indices(of keys: Set<RecordKey>) -> [RecordKey: Int] {
        var found: [RecordKey: Int] = [:]
        guard !keys.isEmpty else { return found }
        for (index, record) in recordsKeptWhole where keys.contains(record.key) {
            found[record.key] = Swift.min(found[record.key] ?? .max, index)
        }
        let missing = keys.filter { $0.occurrence == 0 && found[$0] == nil }
        guard !missing.isEmpty, let table else { return found }
        var bits = 4096
        while bits < missing.count * 64 { bits <<= 1 }
        let mask = UInt64(bits - 1)
        var filter = [UInt64](repeating: 0, count: bits / 64)
        for key in missing {
            let bit = key.id.low & mask
            filter[Int(bit >> 6)] |= 1 << (bit & 63)
        }
        let allIDs = table.ids
        let ids = allIDs.span
        let slots = slots.span
        let words = filter.span
        for index in slots.indices where slots[index] >= 0 {
            let id = ids[slots[index]]
            let bit = id.low & mask
            guard words[Int(bit >> 6)] & (1 << (bit & 63)) != 0 else { continue }
            let key = RecordKey(id: id)
            if missing.contains(key), found[key] == nil { found[key] = index }
        }
        return found
    }

    /// Value `field` of record `index`, without making the whole record.
    public func value(at index: Int, field: Int) -> FieldValue {
        let slot = slots[index]
        if slot >= 0, let table { return table.value(row: slot, field: field) }
        return loose[~slot].values[field]
    }

    /// Calls `body` with the UTF-8 of text field `field` of record `index` (empty for a
    /// date), without making a string when the record is a table row.
    public func withText<Result, Failure: Error>(
        at index: Int, field: Int, _ body: (Span<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let slot = slots[index]
        if slot >= 0, let table {
            guard table.textFields[field] else { return try body(Span()) }
            return try table.withValueBytes(row: slot, field: field, body)
        }
        guard case .text(var text) = loose[~slot].values[field] else { return try body(Span()) }
        text.makeContiguousUTF8()
        return try body(text.utf8.span)
    }
}

extension RecordList: Equatable {
    /// Whether both lists hold equal records in the same order; rows of one table are
    /// compared by slot, without making records.
    public static func == (left: RecordList, right: RecordList) -> Bool {
        guard left.count == right.count else { return false }
        let sameTable = left.table != nil && left.table === right.table
        for index in left.indices {
            if sameTable, left.slots[index] >= 0, left.slots[index] == right.slots[index] { continue }
            if left[index] != right[index] { return false }
        }
        return true
    }
}

extension RecordList: ExpressibleByArrayLiteral {
    /// A list of the records written out, each kept whole.
    public init(arrayLiteral records: Record...) {
        self.init(records)
    }
}

extension RecordList: CustomStringConvertible {
    /// The records, as an array would print them.
    public var description: String { array.description }
}
