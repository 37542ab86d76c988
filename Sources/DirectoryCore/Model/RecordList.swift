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
    /// Where each record of `loose` stands: its index in the list, or -1 once no slot names
    /// it. The new and changed records are all kept whole, so what changed is found by going
    /// over these (`recordsKeptWhole`) rather than over the list; every change that moves
    /// slots keeps them, at a cost no greater than its own.
    private(set) var loosePositions: [Int]
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
        loosePositions = []
    }

    /// A list of `records`, each kept whole.
    public init<Records: Sequence>(_ records: Records) where Records.Element == Record {
        table = nil
        loose = Array(records)
        slots = loose.indices.map { ~$0 }
        loosePositions = Array(loose.indices)
    }

    /// A list of `records` of `kind`, packed into a table where they fit one.
    public init(packing records: [Record], kind: ListKind) {
        var builder = Builder(kind: kind, rows: records.count)
        for record in records { builder.append(record) }
        self = builder.finish()
    }

    /// A list whose records are `slots`: `table` rows (`row >= 0`) and `~index` into
    /// `loose`, each of which one slot names; `loosePositions` says where each stands
    /// (`nil`: found from the slots).
    init(table: RecordTable?, slots: [Int], loose: [Record], loosePositions: [Int]? = nil) {
        self.table = table
        self.slots = slots
        self.loose = loose
        if let loosePositions {
            self.loosePositions = loosePositions
        } else {
            var positions = [Int](repeating: -1, count: loose.count)
            for (index, slot) in slots.enumerated() where slot < 0 { positions[~slot] = index }
            self.loosePositions = positions
        }
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

    /// Drops the records no slot names any more, once they are the larger part of `loose`.
    private mutating func compactIfWasteful() {
        guard unused > 1024, unused * 2 > loose.count else { return }
        var kept: [Record] = []
        kept.reserveCapacity(loose.count - unused)
        var positions: [Int] = []
        positions.reserveCapacity(loose.count - unused)
        for index in slots.indices where slots[index] < 0 {
            kept.append(loose[~slots[index]])
            positions.append(index)
            slots[index] = ~(kept.count - 1)
        }
        loose = kept
        loosePositions = positions
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
                loosePositions.append(index)
                slots[index] = ~(loose.count - 1)
            }
        }
    }

    /// Sets field `field` of record `index` to `value` and returns the value it had. A record
    /// kept whole is changed in place, so its values are not copied (as assigning through
    /// the subscript would copy them); a table row is made whole first, as assigning does.
    public mutating func exchangeValue(at index: Int, field: Int, with value: FieldValue) -> FieldValue {
        let slot = slots[index]
        guard slot < 0 else {
            var record = self[index]
            let old = record.values[field]
            record.values[field] = value
            self[index] = record
            return old
        }
        var value = value
        swap(&loose[~slot].values[field], &value)
        return value
    }

    /// Swaps two records by their slots, making neither.
    public mutating func swapAt(_ first: Int, _ second: Int) {
        slots.swapAt(first, second)
        if slots[first] < 0 { loosePositions[~slots[first]] = first }
        if slots[second] < 0 { loosePositions[~slots[second]] = second }
    }
}

extension RecordList: RangeReplaceableCollection {
    /// Replaces the records in `range` with `newRecords`, which are kept whole.
    public mutating func replaceSubrange<Records: Collection>(_ range: Range<Int>, with newRecords: Records)
    where Records.Element == Record {
        for slot in slots[range] where slot < 0 {
            unused += 1
            loosePositions[~slot] = -1
        }
        let older = loose.count
        var newSlots: [Int] = []
        newSlots.reserveCapacity(newRecords.count)
        for record in newRecords {
            loosePositions.append(range.lowerBound + newSlots.count)
            loose.append(record)
            newSlots.append(~(loose.count - 1))
        }
        slots.replaceSubrange(range, with: newSlots)
        placeLoose(after: range.lowerBound + newSlots.count, shiftedBy: newSlots.count - range.count, older: older)
        compactIfWasteful()
    }

    /// Adds `record` at the end, kept whole (without the general replacement's work).
    public mutating func append(_ record: Record) {
        loose.append(record)
        loosePositions.append(slots.count)
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
        for index in slots.indices where slots[index] < 0 { loosePositions[~slots[index]] = index }
    }

    /// Moves record `from` to position `to`, by its slot.
    public mutating func move(from: Int, to: Int) {
        let slot = slots.remove(at: from)
        slots.insert(slot, at: to)
        let between = Swift.min(from, to)...Swift.max(from, to)
        if loose.count < between.count {
            // Fewer records kept whole than places between: shift those between by one.
            let shift = from < to ? -1 : 1
            for index in loosePositions.indices where between.contains(loosePositions[index]) {
                loosePositions[index] += shift
            }
            if slot < 0 { loosePositions[~slot] = to }
        } else {
            for index in between where slots[index] < 0 { loosePositions[~slots[index]] = index }
        }
    }

    /// Removes the records at `offsets`, keeping the others in order.
    public mutating func remove(at offsets: Set<Int>) {
        var kept: [Int] = []
        kept.reserveCapacity(slots.count - offsets.count)
        for (index, slot) in slots.enumerated() {
            if !offsets.contains(index) {
                if slot < 0 { loosePositions[~slot] = kept.count }
                kept.append(slot)
            } else if slot < 0 {
                unused += 1
                loosePositions[~slot] = -1
            }
        }
        slots = kept
        compactIfWasteful()
    }

    /// The records, made whole: for code that needs an array.
    public var array: [Record] { Array(self) }

    /// After the slots from `start` on moved by `shift` places, says where the records kept
    /// whole among them stand now, going over whichever is shorter: those slots, or the
    /// first `older` records kept whole (those placed before the move), whose old places
    /// from `start - shift` on move by `shift`.
    private mutating func placeLoose(after start: Int, shiftedBy shift: Int, older: Int) {
        guard shift != 0 else { return }
        if older < slots.count - start {
            let oldStart = start - shift
            for index in 0..<older where loosePositions[index] >= oldStart {
                loosePositions[index] += shift
            }
        } else {
            for index in start..<slots.count where slots[index] < 0 { loosePositions[~slots[index]] = index }
        }
    }
}
