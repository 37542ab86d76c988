/// Reading a `RecordList` without making records: keys, values and text straight from its
/// table, and comparing lists.
extension RecordList {
    /// Calls `body` with each record's index and key, in list order, without making
    /// records: the quickest way over every key of a long list.
    public func forEachKey(_ body: (Int, RecordKey) -> Void) {
        let allIDs = table?.ids ?? []
        let ids = allIDs.span
        let allGrowingIDs = growing.ids
        let growingIDs = allGrowingIDs.span
        let slots = slots.span
        for index in slots.indices {
            let slot = slots[index]
            if slot >= 0 {
                body(index, RecordKey(id: ids[slot]))
            } else if let row = Self.growingRow(slot) {
                body(index, RecordKey(id: growingIDs[row]))
            } else {
                body(index, loose[~slot].key)
            }
        }
    }

    /// Every record's key, in list order.
    public var keys: [RecordKey] {
        var keys: [RecordKey] = []
        keys.reserveCapacity(count)
        forEachKey { _, key in keys.append(key) }
        return keys
    }

    /// The keys of the records kept whole and of the growing table's rows that are in the
    /// list, each with its index, the newest first (the growing table's rows, then the
    /// latest kept whole): every new and changed record (and any a table cannot hold), found
    /// without a pass over the list and without making records.
    public var keysKeptWhole: some Sequence<(index: Int, key: RecordKey)> {
        let (growingIDs, growingPositions) = (growing.ids, growing.positions)
        let grown = growingPositions.indices.reversed().lazy.compactMap { row -> (index: Int, key: RecordKey)? in
            let index = growingPositions[row]
            return index < 0 ? nil : (index, RecordKey(id: growingIDs[row]))
        }
        let loose = loose
        let loosePositions = loosePositions
        let kept = loose.indices.reversed().lazy.compactMap { entry -> (index: Int, key: RecordKey)? in
            let index = loosePositions[entry]
            return index < 0 ? nil : (index, loose[entry].key)
        }
        return [AnySequence(grown), AnySequence(kept)].lazy.joined()
    }

    /// The records `keysKeptWhole` names, each with its index, in its order (a row of the
    /// growing table is made into a `Record`).
    public var recordsKeptWhole: some Sequence<(index: Int, record: Record)> {
        keysKeptWhole.lazy.map { item in (item.index, self[item.index]) }
    }

    /// Whether a record kept whole has a repeated id's number (`Record.occurrence` above 0):
    /// only those can, as rows of either table have none.
    public var hasNumberedRecords: Bool {
        loose.indices.contains { loosePositions[$0] >= 0 && loose[$0].occurrence > 0 }
    }

    /// The index of the first record whose key is `key`, if any: the records kept whole and
    /// the growing table's rows are looked at first, and only a key a table row may have
    /// sends the search over the rows.
    public func index(of key: RecordKey) -> Int? {
        var first: Int?
        for entry in loose.indices where loosePositions[entry] >= 0 && loose[entry].key == key {
            first = Swift.min(first ?? .max, loosePositions[entry])
        }
        if key.occurrence == 0 {
            let (growingIDs, growingPositions) = (growing.ids, growing.positions)
            for row in growingPositions.indices where growingPositions[row] >= 0 && growingIDs[row] == key.id {
                first = Swift.min(first ?? .max, growingPositions[row])
            }
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
        for (index, key) in keysKeptWhole where keys.contains(key) {
            found[key] = Swift.min(found[key] ?? .max, index)
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
        if let row = Self.growingRow(slot) { return growing.value(row: row, field: field) }
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
        if let row = Self.growingRow(slot) {
            guard growing.isText(field: field) else { return try body(Span()) }
            return try growing.withValueBytes(row: row, field: field, body)
        }
        guard case .text(var text) = loose[~slot].values[field] else { return try body(Span()) }
        text.makeContiguousUTF8()
        return try body(text.utf8.span)
    }

    /// Whether text field `field` of record `index` is `text`, byte for byte, without making
    /// a string when the record is a row (a date is never text).
    public func hasText(_ text: String, at index: Int, field: Int) -> Bool {
        let slot = slots[index]
        let isText: Bool
        if slot >= 0, let table {
            isText = table.textFields[field]
        } else if Self.growingRow(slot) != nil {
            isText = growing.isText(field: field)
        } else {
            return loose[~slot].values[field] == .text(text)
        }
        guard isText else { return false }
        var text = text
        return text.withUTF8 { expected in
            withText(at: index, field: field) { bytes in
                guard bytes.count == expected.count else { return false }
                for offset in 0..<bytes.count where unsafe bytes[offset] != expected[offset] { return false }
                return true
            }
        }
    }

    /// Calls `body` with the growing table's storage (the records `new` added): each row's
    /// id, all values' bytes and where each starts, as `RecordTable.withStorage` gives a
    /// table's; value `field` of row `row` starts at `starts[row * fieldCount + field]`.
    public func withGrowingStorage<Result, Failure: Error>(
        _ body: (_ ids: Span<RecordID>, _ bytes: Span<UInt8>, _ starts: Span<UInt32>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try growing.withStorage(body)
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
