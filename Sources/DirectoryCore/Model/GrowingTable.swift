/// The records `new` added to a list, packed as a `RecordTable` packs a file's rows: one id
/// per row and every value's bytes in one buffer that grows as records are added, instead of
/// a `Record` with a values array and strings for each.
///
/// A script of 100,000 `new` and `set` lines adds 100,000 records: kept whole, each cost a
/// values array, its strings and their reference counting when it was made, copied and
/// written. Here a row costs its bytes, its offsets and its id, and a save writes it as it
/// writes a table's rows. The newest row's values can change in place (a script's `set`
/// after `new`); any other change makes the record whole, as for a table's rows.
///
/// `RecordList` owns it and says, for each row, where the record stands in the list. It is
/// a value, copied on write: its arrays live in one `Storage`, so a copy of a list (every
/// `ListStep` that holds one, every call that takes one) costs one reference, not eight.
struct GrowingTable: Sendable {
    /// The table's arrays.
    ///
    /// Unchecked: a `Storage` is changed only through a `GrowingTable` that holds the one
    /// reference to it (every mutating method copies a shared one first), so a `Storage` that
    /// two values or two threads can see is never changed. For the same reason its properties
    /// need no run-time exclusivity check, which would cost more than a script's `new` itself.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var fieldCount = 0
        @exclusivity(unchecked) var textFields: [Bool] = []
        @exclusivity(unchecked) var kindName = ""
        @exclusivity(unchecked) var defaultBytes: [UInt8] = []
        @exclusivity(unchecked) var defaultEnds: [Int] = []
        @exclusivity(unchecked) var ids: [RecordID] = []
        @exclusivity(unchecked) var starts: [UInt32] = [0]
        @exclusivity(unchecked) var bytes: [UInt8] = []
        @exclusivity(unchecked) var positions: [Int] = []
        @exclusivity(unchecked) var unused = 0

        init() {}

        /// A storage holding what this one holds.
        func copy() -> Storage {
            let copy = Storage()
            unsafe copy.fieldCount = unsafe fieldCount
            unsafe copy.textFields = unsafe textFields
            unsafe copy.kindName = unsafe kindName
            unsafe copy.defaultBytes = unsafe defaultBytes
            unsafe copy.defaultEnds = unsafe defaultEnds
            unsafe copy.ids = unsafe ids
            unsafe copy.starts = unsafe starts
            unsafe copy.bytes = unsafe bytes
            unsafe copy.positions = unsafe positions
            unsafe copy.unused = unsafe unused
            return copy
        }
    }

    /// An empty table, made only when a first row is added.
    private static let empty = Storage()
    private var storage = GrowingTable.empty

    /// The storage, copied first when another value shares it.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// The number of fields each row has, in kind order; 0 until the first row.
    var fieldCount: Int { unsafe storage.fieldCount }
    /// Whether each field is text (the others are dates).
    var textFields: [Bool] { unsafe storage.textFields }
    /// Each row's id.
    var ids: [RecordID] { unsafe storage.ids }
    /// Where each row stands in the list, or -1 once no slot names it.
    var positions: [Int] { unsafe storage.positions }
    /// How many rows no slot names any more.
    var unused: Int { unsafe storage.unused }
    /// The number of rows, used or not.
    var count: Int { unsafe storage.ids.count }

    /// The id of row `row`.
    @inline(__always)
    func id(ofRow row: Int) -> RecordID { unsafe storage.ids[row] }

    /// Whether field `field` holds text.
    @inline(__always)
    func isText(field: Int) -> Bool { unsafe storage.textFields[field] }

    /// Says that row `row` stands at `index` in the list.
    mutating func setPosition(_ index: Int, ofRow row: Int) {
        unsafe unique.positions[row] = index
    }

    /// Notes that no slot names row `row` any more.
    mutating func release(row: Int) {
        let storage = unique
        unsafe storage.positions[row] = -1
        unsafe storage.unused += 1
    }

    /// Moves by `shift` the position of each row whose position `moves` accepts.
    mutating func shiftPositions(by shift: Int, where moves: (Int) -> Bool) {
        let storage = unique
        for row in unsafe storage.positions.indices where unsafe moves(storage.positions[row]) {
            unsafe storage.positions[row] += shift
        }
    }

    /// Adds a row of `kind` with id `id`, every field at its default but the title field, which
    /// holds `title` when it is given, standing at `position`; returns its number, or `nil`
    /// (adding nothing) when the rows are another kind's or the buffer is full.
    mutating func append(id: RecordID, title: String?, kind: ListKind, at position: Int) -> Int? {
        let storage = unique
        if unsafe storage.fieldCount == 0 || storage.kindName != kind.name {
            guard unsafe storage.ids.isEmpty, !kind.fields.isEmpty else { return nil }
            Self.start(kind, in: storage)
        }
        let titleField = kind.titleField
        guard unsafe title == nil || storage.textFields[titleField] else { return nil }
        let size = unsafe storage.defaultBytes.count + (title?.utf8.count ?? 0)
        guard unsafe storage.bytes.count + size <= Int(UInt32.max) else { return nil }
        let defaults = unsafe storage.defaultBytes
        var start = 0
        for field in unsafe 0..<storage.fieldCount {
            let end = unsafe storage.defaultEnds[field]
            if field == titleField, var title {
                title.withUTF8 { unsafe storage.bytes.append(contentsOf: $0) }
            } else if start < end {
                unsafe storage.bytes.append(defaults.span.extracting(start..<end))
            }
            start = end
            unsafe storage.starts.append(UInt32(truncatingIfNeeded: storage.bytes.count))
        }
        unsafe storage.ids.append(id)
        unsafe storage.positions.append(position)
        return unsafe storage.ids.count - 1
    }

    /// Takes `kind` as the kind of the rows to come in `storage`.
    private static func start(_ kind: ListKind, in storage: Storage) {
        unsafe storage.fieldCount = kind.fields.count
        unsafe storage.textFields = kind.fields.map(\.isText)
        unsafe storage.kindName = kind.name
        unsafe storage.defaultBytes = []
        unsafe storage.defaultEnds = []
        for field in kind.fields {
            unsafe appendBytes(of: field.defaultValue, to: &storage.defaultBytes)
            unsafe storage.defaultEnds.append(storage.defaultBytes.count)
        }
    }

    /// Sets value `field` of the newest row to `value` and returns the value it had; `nil`
    /// (changing nothing) when `row` is not the newest, the value does not fit the field, or
    /// the buffer is full.
    mutating func exchangeValue(row: Int, field: Int, with value: FieldValue) -> FieldValue? {
        guard row == count - 1, unsafe (value.text != nil) == storage.textFields[field] else { return nil }
        let old = self.value(row: row, field: field)
        let storage = unique
        let slot = unsafe row &* storage.fieldCount &+ field
        let start = unsafe Int(storage.starts[slot])
        let end = unsafe Int(storage.starts[slot &+ 1])
        var new: [UInt8] = []
        switch value {
        case .text(var text):
            guard unsafe storage.bytes.count - (end - start) + text.utf8.count <= Int(UInt32.max) else { return nil }
            // The row is the last one: its later values follow this one, then the buffer ends.
            if unsafe end == storage.bytes.count {
                unsafe storage.bytes.removeSubrange(start..<end)
                text.withUTF8 { unsafe storage.bytes.append(contentsOf: $0) }
            } else {
                text.withUTF8 { unsafe new.append(contentsOf: $0) }
                unsafe storage.bytes.replaceSubrange(start..<end, with: new)
            }
        case .date:
            Self.appendBytes(of: value, to: &new)
            unsafe storage.bytes.replaceSubrange(start..<end, with: new)
        }
        let shift = unsafe storage.bytes.count - Int(storage.starts[storage.starts.count - 1])
        if shift != 0 {
            for later in unsafe (slot &+ 1)..<storage.starts.count {
                unsafe storage.starts[later] = unsafe UInt32(Int(storage.starts[later]) + shift)
            }
        }
        return old
    }

    /// Calls `body` with the bytes of value `field` of `row`: UTF-8 for text, the `Double`'s
    /// 8 bytes for a date.
    @inline(__always)
    func withValueBytes<Result, Failure: Error>(
        row: Int, field: Int, _ body: (Span<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let storage = storage
        let slot = unsafe row &* storage.fieldCount &+ field
        let start = unsafe Int(storage.starts[slot])
        let end = unsafe Int(storage.starts[slot &+ 1])
        // A span of a class's array must be made inside a borrow of it; `all[start..<end]`
        // checks the value's bounds.
        return try unsafe storage.bytes.withUnsafeBufferPointer { (all) throws(Failure) in
            try body(unsafe UnsafeBufferPointer(rebasing: all[start..<end]).span)
        }
    }

    /// Calls `body` with each row's id, all values' bytes and where each starts
    /// (`RecordList.withGrowingStorage`).
    func withStorage<Result, Failure: Error>(
        _ body: (_ ids: Span<RecordID>, _ bytes: Span<UInt8>, _ starts: Span<UInt32>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let storage = storage
        // A span of a class's array must be made inside a borrow of it.
        return try unsafe storage.ids.withUnsafeBufferPointer { (ids) throws(Failure) in
            try unsafe storage.bytes.withUnsafeBufferPointer { (bytes) throws(Failure) in
                try unsafe storage.starts.withUnsafeBufferPointer { (starts) throws(Failure) in
                    try body(unsafe ids.span, unsafe bytes.span, unsafe starts.span)
                }
            }
        }
    }

    /// Value `field` of `row`.
    func value(row: Int, field: Int) -> FieldValue {
        withValueBytes(row: row, field: field) { value in
            if unsafe storage.textFields[field] { return .text(String(utf8: value)) }
            return .date(RecordTable.date(from: value))
        }
    }

    /// The record of `row`: made here, so it has no key order of a file.
    func record(at row: Int) -> Record {
        var values: [FieldValue] = []
        values.reserveCapacity(fieldCount)
        for field in 0..<fieldCount { values.append(value(row: row, field: field)) }
        return unsafe Record(id: storage.ids[row], values: values)
    }

    /// Keeps only the rows `kept` names (row numbers), in that order: kept row `kept[n]` is
    /// row `n` after.
    mutating func compact(keeping kept: [Int]) {
        let storage = unique
        let (fieldCount, ids, starts, bytes, positions) = unsafe (
            storage.fieldCount, storage.ids, storage.starts, storage.bytes, storage.positions
        )
        var newIDs: [RecordID] = []
        newIDs.reserveCapacity(kept.count)
        var newStarts: [UInt32] = [0]
        newStarts.reserveCapacity(kept.count * fieldCount + 1)
        var newBytes: [UInt8] = []
        var newPositions: [Int] = []
        newPositions.reserveCapacity(kept.count)
        for row in kept {
            let first = row * fieldCount
            newBytes.append(bytes.span.extracting(Int(starts[first])..<Int(starts[first + fieldCount])))
            let shift = Int(newStarts[newStarts.count - 1]) - Int(starts[first])
            for field in 0..<fieldCount {
                newStarts.append(UInt32(Int(starts[first + field + 1]) + shift))
            }
            newIDs.append(ids[row])
            newPositions.append(positions[row])
        }
        unsafe storage.ids = newIDs
        unsafe storage.starts = newStarts
        unsafe storage.bytes = newBytes
        unsafe storage.positions = newPositions
        unsafe storage.unused = 0
    }

    /// Appends the bytes that stand for `value`: its UTF-8, or a date's 8 bytes.
    private static func appendBytes(of value: FieldValue, to bytes: inout [UInt8]) {
        switch value {
        case .text(let text):
            bytes.append(contentsOf: text.utf8)
        case .date(let seconds):
            // The table's own storage: the `Double`'s 8 bytes, little-endian.
            unsafe withUnsafeBytes(of: seconds.bitPattern.littleEndian) { unsafe bytes.append(contentsOf: $0) }
        }
    }
}
