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
/// `RecordList` owns it and says, for each row, where the record stands in the list.
struct GrowingTable: Sendable {
    /// The number of fields each row has, in kind order; 0 until the first row.
    private(set) var fieldCount = 0
    /// Whether each field is text (the others are dates).
    private(set) var textFields: [Bool] = []
    /// The name of the kind whose records the rows are.
    private(set) var kindName = ""
    /// The bytes of a row with every field at its default, field after field.
    private var defaultBytes: [UInt8] = []
    /// Where each default value ends in `defaultBytes`.
    private var defaultEnds: [Int] = []
    /// Each row's id.
    private(set) var ids: [RecordID] = []
    /// Where each value starts in `bytes`: value `field` of `row` is
    /// `starts[row * fieldCount + field] ..< starts[row * fieldCount + field + 1]`.
    private(set) var starts: [UInt32] = [0]
    /// The values' bytes, row after row.
    private(set) var bytes: [UInt8] = []
    /// Where each row stands in the list, or -1 once no slot names it.
    var positions: [Int] = []
    /// How many rows no slot names any more.
    var unused = 0

    /// The number of rows, used or not.
    var count: Int { ids.count }

    /// Adds a row of `kind` with id `id`, every field at its default but the title field, which
    /// holds `title` when it is given, standing at `position`; returns its number, or `nil`
    /// (adding nothing) when the rows are another kind's or the buffer is full.
    mutating func append(id: RecordID, title: String?, kind: ListKind, at position: Int) -> Int? {
        if fieldCount == 0 || kindName != kind.name {
            guard ids.isEmpty, !kind.fields.isEmpty else { return nil }
            start(kind)
        }
        let titleField = kind.titleField
        guard title == nil || textFields[titleField] else { return nil }
        let size = defaultBytes.count + (title?.utf8.count ?? 0)
        guard bytes.count + size <= Int(UInt32.max) else { return nil }
        let defaults = defaultBytes
        var start = 0
        for field in 0..<fieldCount {
            let end = defaultEnds[field]
            if field == titleField, var title {
                title.withUTF8 { bytes.append(contentsOf: $0) }
            } else if start < end {
                bytes.append(defaults.span.extracting(start..<end))
            }
            start = end
            starts.append(UInt32(truncatingIfNeeded: bytes.count))
        }
        ids.append(id)
        positions.append(position)
        return ids.count - 1
    }

    /// Takes `kind` as the kind of the rows to come.
    private mutating func start(_ kind: ListKind) {
        fieldCount = kind.fields.count
        textFields = kind.fields.map(\.isText)
        kindName = kind.name
        defaultBytes = []
        defaultEnds = []
        for field in kind.fields {
            Self.appendBytes(of: field.defaultValue, to: &defaultBytes)
            defaultEnds.append(defaultBytes.count)
        }
    }

    /// Sets value `field` of the newest row to `value` and returns the value it had; `nil`
    /// (changing nothing) when `row` is not the newest, the value does not fit the field, or
    /// the buffer is full.
    mutating func exchangeValue(row: Int, field: Int, with value: FieldValue) -> FieldValue? {
        guard row == ids.count - 1 else { return nil }
        let slot = row &* fieldCount &+ field
        let start = Int(starts[slot])
        let end = Int(starts[slot &+ 1])
        let old = self.value(row: row, field: field)
        var new: [UInt8] = []
        switch value {
        case .text(var text):
            guard textFields[field] else { return nil }
            guard bytes.count - (end - start) + text.utf8.count <= Int(UInt32.max) else { return nil }
            // The row is the last one: its later values follow this one, then the buffer ends.
            if end == bytes.count {
                bytes.removeSubrange(start..<end)
                text.withUTF8 { bytes.append(contentsOf: $0) }
            } else {
                text.withUTF8 { new.append(contentsOf: $0) }
                bytes.replaceSubrange(start..<end, with: new)
            }
        case .date:
            guard !textFields[field] else { return nil }
            Self.appendBytes(of: value, to: &new)
            bytes.replaceSubrange(start..<end, with: new)
        }
        let shift = (bytes.count - Int(starts[starts.count - 1]))
        if shift != 0 {
            for later in (slot &+ 1)..<starts.count { starts[later] = UInt32(Int(starts[later]) + shift) }
        }
        return old
    }

    /// Calls `body` with the bytes of value `field` of `row`: UTF-8 for text, the `Double`'s
    /// 8 bytes for a date.
    @inline(__always)
    func withValueBytes<Result, Failure: Error>(
        row: Int, field: Int, _ body: (Span<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let slot = row &* fieldCount &+ field
        return try body(bytes.span.extracting(Int(starts[slot])..<Int(starts[slot &+ 1])))
    }

    /// Value `field` of `row`.
    func value(row: Int, field: Int) -> FieldValue {
        withValueBytes(row: row, field: field) { value in
            if textFields[field] { return .text(String(utf8: value)) }
            return .date(RecordTable.date(from: value))
        }
    }

    /// The record of `row`: made here, so it has no key order of a file.
    func record(at row: Int) -> Record {
        var values: [FieldValue] = []
        values.reserveCapacity(fieldCount)
        for field in 0..<fieldCount { values.append(value(row: row, field: field)) }
        return Record(id: ids[row], values: values)
    }

    /// Keeps only the rows `kept` names (row numbers), in that order: kept row `kept[n]` is
    /// row `n` after.
    mutating func compact(keeping kept: [Int]) {
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
        ids = newIDs
        starts = newStarts
        bytes = newBytes
        positions = newPositions
        unused = 0
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
