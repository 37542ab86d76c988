/// The records of a list, in list order: what a session holds and edits.
///
/// It works like `[Record]` (index it, append, insert, remove, assign), but the records
/// a file held stay packed in a shared, read-only `RecordTable` until one is changed, and
/// the records `new` adds at the end are packed in a `GrowingTable` of their own: the list
/// itself holds one slot per record, which names a row of the table, a row of the growing
/// table, or a record kept whole (`loose`). Reading a record out of either table makes a
/// `Record`; assigning one keeps it whole. So a million people load, list, search and save
/// without a million `Record`s, a script adds a hundred thousand without making one, and an
/// edit touches one slot.
public struct RecordList: Sendable {
    /// The rows the list was loaded with; `nil` when it has none.
    public private(set) var table: RecordTable?
    /// One slot per record: a table row (`row >= 0`), `~index` into `loose`, or
    /// `~(growingBase + row)` for a row of `growing`.
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
    /// The records `new` added at the end of the list, packed; each row knows where it
    /// stands, as `loosePositions` says for `loose`.
    private(set) var growing = GrowingTable()
    /// What `~slot` is at least for a slot that names a row of `growing` (less: an index
    /// into `loose`).
    static let growingBase = 1 << 40
    /// How the binary property list the list was read from shared its objects, which a
    /// save to a binary property list keeps (`.shared`, as the apps write, for any other).
    public var plistObjectSharing = BinaryPlistObjectSharing.shared
    /// Whether the file the list was read from wrote its first record's id in lower case (as
    /// Python's `str(uuid4())` does): a save writes ids in upper case, as the apps do, and says so.
    public var idsReadInLowerCase = false

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

    /// The table row record `index` still is, or `nil` when it is kept whole or a row of
    /// the growing table.
    @inline(__always)
    public func tableRow(at index: Int) -> Int? {
        let slot = slots[index]
        return slot >= 0 ? slot : nil
    }

    /// The row of the growing table (the records `new` added) record `index` is, or `nil`.
    @inline(__always)
    public func growingRow(at index: Int) -> Int? {
        let slot = slots[index]
        return slot < 0 ? Self.growingRow(slot) : nil
    }

    /// For a slot that names no table row (`slot < 0`): the row of `growing` it names, or
    /// `nil` when it names `loose[~slot]`.
    @inline(__always)
    static func growingRow(_ slot: Int) -> Int? {
        let entry = ~slot
        return entry >= growingBase ? entry &- growingBase : nil
    }

    /// The id of record `index`, without making the record.
    @inline(__always)
    public func id(at index: Int) -> RecordID {
        let slot = slots[index]
        if slot >= 0, let table { return table.id(at: slot) }
        if let row = Self.growingRow(slot) { return growing.id(ofRow: row) }
        return loose[~slot].id
    }

    /// The key of record `index`, without making the record (rows of a table are never
    /// repeats of an id, so their occurrence is 0).
    @inline(__always)
    public func key(at index: Int) -> RecordKey {
        let slot = slots[index]
        if slot >= 0, let table { return RecordKey(id: table.id(at: slot)) }
        if let row = Self.growingRow(slot) { return RecordKey(id: growing.id(ofRow: row)) }
        return loose[~slot].key
    }

    /// Adds at the end a record `new` makes: `kind`'s default values, with `title` (when
    /// given) in its title field. It goes into the growing table, so no `Record` is made.
    public mutating func appendNew(id: RecordID, title: String?, kind: ListKind) {
        if let row = growing.append(id: id, title: title, kind: kind, at: slots.count) {
            slots.append(~(Self.growingBase &+ row))
            return
        }
        var values = kind.defaultValues
        if let title { values[kind.titleField] = .text(title) }
        append(Record(id: id, values: values))
    }

    /// Says that the record of `slot` (no table row) stands at `index`.
    @inline(__always)
    private mutating func place(_ slot: Int, at index: Int) {
        guard slot < 0 else { return }
        if let row = Self.growingRow(slot) {
            growing.setPosition(index, ofRow: row)
        } else {
            loosePositions[~slot] = index
        }
    }

    /// Notes that no slot names the record of `slot` (no table row) any more.
    @inline(__always)
    private mutating func release(_ slot: Int) {
        guard slot < 0 else { return }
        if let row = Self.growingRow(slot) {
            growing.release(row: row)
        } else {
            loosePositions[~slot] = -1
            unused += 1
        }
    }

    /// Drops the records no slot names any more, once they are the larger part of `loose`,
    /// and the rows of the growing table likewise.
    private mutating func compactIfWasteful() {
        if unused > 1024, unused * 2 > loose.count {
            var kept: [Record] = []
            kept.reserveCapacity(loose.count - unused)
            var positions: [Int] = []
            positions.reserveCapacity(loose.count - unused)
            for index in slots.indices where slots[index] < 0 && Self.growingRow(slots[index]) == nil {
                kept.append(loose[~slots[index]])
                positions.append(index)
                slots[index] = ~(kept.count - 1)
            }
            loose = kept
            loosePositions = positions
            unused = 0
        }
        if growing.unused > 1024, growing.unused * 2 > growing.count {
            var kept: [Int] = []
            kept.reserveCapacity(growing.count - growing.unused)
            for index in slots.indices where slots[index] < 0 {
                guard let row = Self.growingRow(slots[index]) else { continue }
                kept.append(row)
                slots[index] = ~(Self.growingBase &+ kept.count &- 1)
            }
            growing.compact(keeping: kept)
        }
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
            if let row = Self.growingRow(slot) { return growing.record(at: row) }
            return loose[~slot]
        }
        set {
            let slot = slots[index]
            if slot < 0, Self.growingRow(slot) == nil {
                loose[~slot] = newValue
            } else {
                release(slot)
                loose.append(newValue)
                loosePositions.append(index)
                slots[index] = ~(loose.count - 1)
            }
        }
    }

    /// Sets field `field` of record `index` to `value` and returns the value it had. A record
    /// kept whole is changed in place, so its values are not copied (as assigning through
    /// the subscript would copy them), and so is the newest row of the growing table; a
    /// table row, or another row of the growing table, is made whole first, as assigning does.
    public mutating func exchangeValue(at index: Int, field: Int, with value: FieldValue) -> FieldValue {
        let slot = slots[index]
        if slot < 0, let row = Self.growingRow(slot),
            let old = growing.exchangeValue(row: row, field: field, with: value)
        {
            return old
        }
        guard slot < 0, Self.growingRow(slot) == nil else {
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
        place(slots[first], at: first)
        place(slots[second], at: second)
    }
}

extension RecordList: RangeReplaceableCollection {
    /// Replaces the records in `range` with `newRecords`, which are kept whole.
    public mutating func replaceSubrange<Records: Collection>(_ range: Range<Int>, with newRecords: Records)
    where Records.Element == Record {
        for slot in slots[range] where slot < 0 { release(slot) }
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
        for index in slots.indices where slots[index] < 0 { place(slots[index], at: index) }
    }

    /// Moves record `from` to position `to`, by its slot.
    public mutating func move(from: Int, to: Int) {
        let slot = slots.remove(at: from)
        slots.insert(slot, at: to)
        let between = Swift.min(from, to)...Swift.max(from, to)
        if loose.count + growing.count < between.count {
            // Fewer records kept whole than places between: shift those between by one.
            let shift = from < to ? -1 : 1
            for index in loosePositions.indices where between.contains(loosePositions[index]) {
                loosePositions[index] += shift
            }
            growing.shiftPositions(by: shift, where: between.contains)
            place(slot, at: to)
        } else {
            for index in between where slots[index] < 0 { place(slots[index], at: index) }
        }
    }

    /// Removes the records at `offsets`, keeping the others in order.
    public mutating func remove(at offsets: Set<Int>) {
        var kept: [Int] = []
        kept.reserveCapacity(slots.count - offsets.count)
        for (index, slot) in slots.enumerated() {
            if !offsets.contains(index) {
                place(slot, at: kept.count)
                kept.append(slot)
            } else {
                release(slot)
            }
        }
        slots = kept
        compactIfWasteful()
    }

    /// The records, made whole: for code that needs an array.
    public var array: [Record] { Array(self) }

    /// After the slots from `start` on moved by `shift` places, says where the records kept
    /// whole and the growing table's rows among them stand now, going over whichever is
    /// shorter: those slots, or the first `older` records kept whole (those placed before the
    /// move) and every growing row, whose old places from `start - shift` on move by `shift`.
    private mutating func placeLoose(after start: Int, shiftedBy shift: Int, older: Int) {
        guard shift != 0 else { return }
        if older + growing.count < slots.count - start {
            let oldStart = start - shift
            for index in 0..<older where loosePositions[index] >= oldStart {
                loosePositions[index] += shift
            }
            growing.shiftPositions(by: shift) { $0 >= oldStart }
        } else {
            for index in start..<slots.count where slots[index] < 0 { place(slots[index], at: index) }
        }
    }
}
