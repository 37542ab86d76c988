/// The records of a list, in list order: what a session holds and edits.
///
/// It works like `[Record]` (index it, append, insert, remove, assign), but the records
/// a file held stay packed in a shared, read-only `RecordTable` until one is changed:
/// the list itself holds one slot per record, which names either a row of the table or
/// a record kept whole (`loose`). Reading a record out of the table makes a `Record`;
/// assigning one keeps it whole. So a million people load, list, search and save
/// without a million `Record`s, and an edit touches one slot.
public struct RecordList: Sendable {
    /// The rows the list was loaded with; `nil` when it has none.
    public private(set) var table: RecordTable?
    /// One slot per record: a table row (`row >= 0`), or `~index` into `loose`.
    private(set) var slots: [Int]
    /// Records kept whole: new or changed ones, and ones a table cannot hold.
    private(set) var loose: [Record]
    /// How many `loose` records no slot names any more.
    private var unused = 0
    /// How the binary property list the list was read from shared its objects, which a
    /// save to a binary property list keeps (`.shared`, as the apps write, for any other).
    public var plistObjectSharing = BinaryPlistObjectSharing.shared

    /// An empty list.
    public init() {
        table = nil
        slots = []
        loose = []
    }

    /// A list of `records`, each kept whole.
    public init<Records: Sequence>(_ records: Records) where Records.Element == Record {
        table = nil
        loose = Array(records)
        slots = loose.indices.map { ~$0 }
    }

    /// A list of `records` of `kind`, packed into a table where they fit one.
    public init(packing records: [Record], kind: ListKind) {
        var builder = Builder(kind: kind, rows: records.count)
        for record in records { builder.append(record) }
        self = builder.finish()
    }

    /// A list whose records are `slots`: `table` rows (`row >= 0`) and `~index` into
    /// `loose`, as `RecordList.Builder` makes it.
    init(table: RecordTable?, slots: [Int], loose: [Record]) {
        self.table = table
        self.slots = slots
        self.loose = loose
    }

    /// The table row record `index` still is, or `nil` when it is kept whole.
    @inline(__always)
    public func tableRow(at index: Int) -> Int? {
        let slot = slots[index]
        return slot >= 0 ? slot : nil
    }

    /// The id of record `index`, without making the record.
    @inline(__always)
    public func id(at index: Int) -> RecordID {
        let slot = slots[index]
        if slot >= 0, let table { return table.id(at: slot) }
        return loose[~slot].id
    }

    /// The key of record `index`, without making the record (rows of a table are never
    /// repeats of an id, so their occurrence is 0).
    @inline(__always)
    public func key(at index: Int) -> RecordKey {
        let slot = slots[index]
        if slot >= 0, let table { return RecordKey(id: table.id(at: slot)) }
        return loose[~slot].key
    }

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

    /// The index of the record whose key is `key`, if any.
    public func index(of key: RecordKey) -> Int? {
        indices.first { self.key(at: $0) == key }
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

    /// Drops the records no slot names any more, once they are the larger part of `loose`.
    private mutating func compactIfWasteful() {
        guard unused > 1024, unused * 2 > loose.count else { return }
        var kept: [Record] = []
        kept.reserveCapacity(loose.count - unused)
        for index in slots.indices where slots[index] < 0 {
            kept.append(loose[~slots[index]])
            slots[index] = ~(kept.count - 1)
        }
        loose = kept
        unused = 0
    }
}

extension RecordList: RandomAccessCollection, MutableCollection {
    /// 0.
    public var startIndex: Int { 0 }
    /// The number of records.
    public var endIndex: Int { slots.count }

    /// Record `index`: made from its table row, or the one kept whole. Assigning keeps
    /// the new record whole.
    public subscript(index: Int) -> Record {
        get {
            let slot = slots[index]
            if slot >= 0, let table { return table.record(at: slot) }
            return loose[~slot]
        }
        set {
            let slot = slots[index]
            if slot < 0 {
                loose[~slot] = newValue
            } else {
                loose.append(newValue)
                slots[index] = ~(loose.count - 1)
            }
        }
    }

    /// Swaps two records by their slots, making neither.
    public mutating func swapAt(_ first: Int, _ second: Int) {
        slots.swapAt(first, second)
    }
}

extension RecordList: RangeReplaceableCollection {
    /// Replaces the records in `range` with `newRecords`, which are kept whole.
    public mutating func replaceSubrange<Records: Collection>(_ range: Range<Int>, with newRecords: Records)
    where Records.Element == Record {
        for slot in slots[range] where slot < 0 { unused += 1 }
        var newSlots: [Int] = []
        newSlots.reserveCapacity(newRecords.count)
        for record in newRecords {
            loose.append(record)
            newSlots.append(~(loose.count - 1))
        }
        slots.replaceSubrange(range, with: newSlots)
        compactIfWasteful()
    }

    /// Adds `record` at the end, kept whole (without the general replacement's work).
    public mutating func append(_ record: Record) {
        loose.append(record)
        slots.append(~(loose.count - 1))
    }

    /// Makes room for `count` records.
    public mutating func reserveCapacity(_ count: Int) {
        slots.reserveCapacity(count)
    }
}

extension RecordList {
    /// Puts the records in the order `order` gives (a permutation of the indices), moving
    /// slots rather than records.
    public mutating func reorder(_ order: [Int]) {
        precondition(order.count == slots.count, "an order must name every record")
        slots = order.map { slots[$0] }
    }

    /// Moves record `from` to position `to`, by its slot.
    public mutating func move(from: Int, to: Int) {
        let slot = slots.remove(at: from)
        slots.insert(slot, at: to)
    }

    /// Removes the records at `offsets`, keeping the others in order.
    public mutating func remove(at offsets: Set<Int>) {
        var kept: [Int] = []
        kept.reserveCapacity(slots.count - offsets.count)
        for (index, slot) in slots.enumerated() {
            if !offsets.contains(index) {
                kept.append(slot)
            } else if slot < 0 {
                unused += 1
            }
        }
        slots = kept
        compactIfWasteful()
    }

    /// The records, made whole: for code that needs an array.
    public var array: [Record] { Array(self) }
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
