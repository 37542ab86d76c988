/// Writes a list of records as a binary property list (`bplist00`) in the
/// layout `PropertyListEncoder` gives an array of the app's `Codable` structs
/// (byte for byte the same at any size; an identifier that several records share
/// is shared too, for records numbered by `RecordKey.numberOccurrences`): each record
/// is a dictionary of `id`, the kind's fields (text as strings, dates as `<date>`)
/// and the extras unchanged, in the order the record's keys were read
/// (`Record.keyOrder`). A record made here takes the order of the list's first record
/// read from a file, or `id` then the fields in kind order, as the apps declare them.
///
/// `PropertyValue.null` is written as the binary format's null object (`0x00`),
/// which a binary plist read here can hold.
///
/// A list read from a file `PropertyListSerialization` wrote (`RecordList.plistObjectSharing`
/// `.unshared`) is written as that writer writes: keys, ids and values where they occur.
enum BinaryPlistRecordWriter {
    /// Encodes `records` as a complete file, sharing equal objects as `sharing` says.
    static func write(
        _ records: some RandomAccessCollection<Record>, kind: ListKind, sharing: BinaryPlistObjectSharing = .shared
    ) -> [UInt8] {
        let fallback =
            records.lazy.compactMap(\.keyOrder).first?.withoutExtras ?? .declared(fieldCount: kind.fields.count)
        var file = FileState(
            count: records.count, wholeRecords: records, kind: kind, fallback: fallback, sharing: sharing)
        for (number, record) in records.enumerated() { file.append(record, number: number) }
        return file.writer.finish()
    }

    /// Encodes `records` as a complete file; rows still in the list's table are written
    /// from its bytes, without making records or strings.
    static func write(_ records: RecordList, kind: ListKind) -> [UInt8] {
        let sharing = records.plistObjectSharing
        guard let table = records.table else { return write(records.array, kind: kind, sharing: sharing) }
        // Only records kept whole can have extras or share an id.
        let fallback = records.firstKeyOrder ?? .declared(fieldCount: kind.fields.count)
        var file = FileState(
            count: records.count, wholeRecords: records.loose, kind: kind, fallback: fallback, sharing: sharing)
        file.rowOrders = table.resolvedKeyOrders(fallback: fallback)
        if sharing == .shared, !table.valueObjects.isEmpty {
            file.writtenObjects = [Int32](repeating: -1, count: table.valueObjectBound)
        }
        for number in records.indices {
            if let row = records.tableRow(at: number) {
                file.append(row: row, of: table, number: number)
            } else {
                file.append(records[number], number: number)
            }
        }
        return file.writer.finish()
    }

    /// The objects a save writes after the old ones when it appends records to a file in the
    /// writer's layout, `layout`, that `records` were read from: its records are the table's
    /// rows in order, then those appended. Encoded from byte `offset` of the new file on, as
    /// the writer would encode them after the old records (strings equal to old ones are
    /// those objects again). `nil` when the writer would not write it so: a shared id, a
    /// reference width that changes, a value of the file not noted.
    static func appendedObjects(
        _ records: RecordList, kind: ListKind, layout: BinaryPlistLayout, at offset: Int
    ) -> BinaryPlistAppendedObjects? {
        guard let table = records.table, records.plistObjectSharing == .shared, table.count == layout.recordCount,
            records.count >= table.count, layout.keyObjects.count == 1 + kind.fields.count,
            table.fieldCount == kind.fields.count
        else { return nil }
        let fallback = records.firstKeyOrder ?? .declared(fieldCount: kind.fields.count)
        var file = FileState(
            appending: layout, at: offset, wholeRecords: records.loose, kind: kind, fallback: fallback)
        guard file.repeatedIDs.isEmpty, file.noteStrings(of: table, layout: layout) else { return nil }
        file.rowOrders = table.resolvedKeyOrders(fallback: fallback)
        for number in table.count..<records.count {
            if let row = records.tableRow(at: number) {
                file.append(row: row, of: table, number: number)
            } else {
                file.append(records[number], number: number)
            }
        }
        let objectCount = file.writer.objectCount
        guard BinaryPlistObjectSharing.shared.size(for: objectCount) == layout.referenceSize else { return nil }
        let written = file.writer.appended()
        return BinaryPlistAppendedObjects(
            bytes: written.bytes, starts: written.starts, records: file.appendedRecords, objectCount: objectCount)
    }

    /// A file being written: the writer, the top array, and the objects of the keys.
    private struct FileState {
        var writer: BinaryPlistObjectWriter
        /// The top array, or none when only appended records are written (`appending`):
        /// their dictionaries are then noted in `appendedRecords`.
        let top: BinaryPlistObjectWriter.Container?
        /// The dictionary of each record written without a top array, in order.
        var appendedRecords: [Int] = []
        let fields: [Field]
        /// Whether each field holds text (else a date).
        private let textFields: [Bool]
        /// The object of each known key (by key code), once written.
        var keyObjects: [Int]
        var repeatedIDs: [RecordID: Int] = [:]
        /// The order of a record made here.
        let fallback: KeyOrder
        /// The resolved key orders of the table's rows (`RecordTable.resolvedKeyOrders`).
        var rowOrders: [UInt8] = []
        /// The key objects then the value objects of the record being written.
        private var objects: [Int] = []
        /// The object written for each object the table's values were read from
        /// (`RecordTable.valueObjects`), once written; -1 before. Empty when the table has
        /// no objects or equal strings are not shared.
        var writtenObjects: [Int32] = []

        /// Starts a file of `count` records, of which those not in a table are `wholeRecords`
        /// (or a superset of them: they only bound the objects and find shared ids).
        init(
            count: Int, wholeRecords: some Collection<Record>, kind: ListKind, fallback: KeyOrder,
            sharing: BinaryPlistObjectSharing
        ) {
            fields = kind.fields
            textFields = kind.fields.map(\.isText)
            keyObjects = Array(repeating: -1, count: 1 + kind.fields.count)
            self.fallback = fallback
            writer = BinaryPlistObjectWriter(
                capacity: 64 + count * (48 + 40 * fields.count),
                objectBound: BinaryPlistRecordWriter.objectBound(
                    count: count, wholeRecords, kind: kind, sharing: sharing),
                sharing: sharing)
            top = writer.beginContainer(marker: 0xA0, count: count, references: count)
            // `PropertyListSerialization` writes an id where it occurs, even a repeated one.
            guard sharing == .shared else { return }
            for record in wholeRecords where record.occurrence > 0 { repeatedIDs[record.id] = -1 }
        }

        /// Starts writing the records appended to a file in the writer's layout, `layout`,
        /// as objects that follow its own, from byte `offset` of the new file on; of the
        /// records, those not in a table are `wholeRecords`.
        init(
            appending layout: BinaryPlistLayout, at offset: Int, wholeRecords: [Record], kind: ListKind,
            fallback: KeyOrder
        ) {
            fields = kind.fields
            textFields = kind.fields.map(\.isText)
            keyObjects = Array(repeating: -1, count: 1 + kind.fields.count)
            self.fallback = fallback
            writer = BinaryPlistObjectWriter(
                appendingTo: layout.objectCount, at: offset, referenceSize: layout.referenceSize)
            top = nil
            for record in wholeRecords where record.occurrence > 0 { repeatedIDs[record.id] = -1 }
        }

        /// Makes object `object` record `number`'s.
        @inline(__always)
        private mutating func setRecord(_ number: Int, to object: Int) {
            if let top {
                writer.setReference(top, slot: number, to: object)
            } else {
                appendedRecords.append(object)
            }
        }

        /// The object of `id`: shared by the records that share it.
        private mutating func idObject(_ id: RecordID) -> Int {
            guard !repeatedIDs.isEmpty, let shared = repeatedIDs[id] else { return writer.recordID(id) }
            let object = shared >= 0 ? shared : writer.recordID(id)
            repeatedIDs[id] = object
            return object
        }

        /// The object of the known key of `code`, written the first time it is needed:
        /// keys are numbered where a record first uses them, as Foundation numbers them.
        @inline(__always)
        private mutating func keyObject(_ code: UInt8) -> Int {
            let object = keyObjects[Int(code)]
            if object >= 0 { return object }
            let written = writer.string(code == KeyOrder.idCode ? "id" : fields[Int(code) - 1].name)
            if writer.sharing == .shared { keyObjects[Int(code)] = written }
            return written
        }

        /// Notes the strings of the file `table` was read from, in the writer's layout
        /// `layout`, as written: the keys, and each distinct value once. `false` when a value
        /// has no object noted, or two objects one value.
        mutating func noteStrings(of table: RecordTable, layout: BinaryPlistLayout) -> Bool {
            for (code, object) in layout.keyObjects.enumerated() {
                var name = code == KeyOrder.idCode ? "id" : fields[code - 1].name
                name.makeContiguousUTF8()
                guard writer.noteString(utf8: name.utf8.span, object: object) else { return false }
            }
            guard table.count > 0, layout.firstValueObjects.count == fields.count else { return table.count == 0 }
            var noted = [UInt64](repeating: 0, count: (layout.objectCount + 63) / 64)
            for row in 0..<table.count {
                for field in 0..<fields.count {
                    let object =
                        row == 0 ? layout.firstValueObjects[field] : Int(table.valueObject(row: row, field: field))
                    guard object >= 0, object < layout.objectCount else { return false }
                    let bit: UInt64 = 1 << UInt64(object & 63)
                    if noted[object >> 6] & bit != 0 { continue }
                    noted[object >> 6] |= bit
                    let isNew = table.withValueBytes(row: row, field: field) { value in
                        writer.noteString(utf8: value, object: object)
                    }
                    guard isNew else { return false }
                }
            }
            return true
        }

        /// Writes table row `row` as record `number`: its id and fields, no extras.
        mutating func append(row: Int, of table: RecordTable, number: Int) {
            if keysWritten, repeatedIDs.isEmpty {
                appendNumbered(row: row, of: table, number: number)
                return
            }
            appendInOrder(row: row, of: table, number: number)
            keysWritten = writer.sharing == .shared && !keyObjects.contains(-1)
        }

        /// Whether every known key's object is written (so a row needs none written), and
        /// equal strings are shared.
        private var keysWritten = false

        /// Writes table row `row` as record `number`, each object as it is met.
        private mutating func appendInOrder(row: Int, of table: RecordTable, number: Int) {
            let pairs = 1 + fields.count
            let dictionary = writer.beginContainer(marker: 0xD0, count: pairs, references: 2 * pairs)
            setRecord(number, to: dictionary.object)
            let orderStart = table.keyOrderIndex(ofRow: row) &* pairs
            var objects = takeObjects(2 * pairs)
            do {
                var slots = objects.mutableSpan
                for slot in 0..<pairs { slots[slot] = keyObject(rowOrders[orderStart &+ slot]) }
                for slot in 0..<pairs {
                    let code = rowOrders[orderStart &+ slot]
                    guard code > 0 else {
                        slots[pairs &+ slot] = idObject(table.id(at: row))
                        continue
                    }
                    let field = Int(code) &- 1
                    let isText = fields[field].isText
                    // A value read from an object written before is that object's again:
                    // the sharing table is asked once per distinct value.
                    let source =
                        writtenObjects.isEmpty ? RecordTable.noObject : table.valueObject(row: row, field: field)
                    if source != RecordTable.noObject, writtenObjects[Int(source)] >= 0 {
                        slots[pairs &+ slot] = Int(writtenObjects[Int(source)])
                        continue
                    }
                    let object = table.withValueBytes(row: row, field: field) { value in
                        isText ? writer.string(utf8: value) : writer.date(RecordTable.date(from: value))
                    }
                    if source != RecordTable.noObject, object <= Int(Int32.max) {
                        writtenObjects[Int(source)] = Int32(truncatingIfNeeded: object)
                    }
                    slots[pairs &+ slot] = object
                }
            }
            writer.setReferences(dictionary, from: 0, to: objects.span.extracting(0..<(2 * pairs)))
            self.objects = objects
        }

        /// Writes table row `row` as record `number` as `appendInOrder` does, in two steps:
        /// first every value's object is found or numbered (a value not written before takes
        /// the next number, in the order of its keys, after the dictionary's), then the
        /// dictionary is written whole, references and all, and the new objects after it.
        /// Only when every key's object is written and no id is shared.
        private mutating func appendNumbered(row: Int, of table: RecordTable, number: Int) {
            let pairs = 1 + fields.count
            let orderStart = table.keyOrderIndex(ofRow: row) &* pairs
            let dictionary = writer.objectCount
            var next = dictionary &+ 1
            var objects = takeObjects(2 * pairs)
            // One span for the record's objects: a store through it checks no uniqueness.
            do {
                var slots = objects.mutableSpan
                for slot in 0..<pairs {
                    let code = rowOrders[orderStart &+ slot]
                    slots[slot] = keyObjects[Int(code)]
                    guard code > 0 else {
                        slots[pairs &+ slot] = next
                        next &+= 1
                        continue
                    }
                    let field = Int(code) &- 1
                    // A value read from an object written before is that object's again:
                    // the sharing table is asked once per distinct value.
                    let source =
                        writtenObjects.isEmpty ? RecordTable.noObject : table.valueObject(row: row, field: field)
                    if source != RecordTable.noObject, writtenObjects[Int(source)] >= 0 {
                        slots[pairs &+ slot] = Int(writtenObjects[Int(source)])
                        continue
                    }
                    let isText = textFields[field]
                    let newObject = next
                    let object =
                        table.withValueBytes(row: row, field: field) { value in
                            isText
                                ? writer.existingString(utf8: value, newObject: newObject)
                                : writer.existingDate(RecordTable.date(from: value), newObject: newObject)
                        } ?? newObject
                    if object == newObject { next &+= 1 }
                    if source != RecordTable.noObject, object <= Int(Int32.max) {
                        writtenObjects[Int(source)] = Int32(truncatingIfNeeded: object)
                    }
                    slots[pairs &+ slot] = object
                }
            }
            setRecord(number, to: dictionary)
            _ = writer.dictionary(objects, count: 2 * pairs)
            // The new objects, numbered in the order of their keys: a value whose number is
            // not the next one's was written before (or earlier in this record).
            var expected = dictionary &+ 1
            for slot in 0..<pairs where objects[pairs &+ slot] == expected {
                let code = rowOrders[orderStart &+ slot]
                if code == KeyOrder.idCode {
                    _ = writer.recordID(table.id(at: row))
                } else {
                    let field = Int(code) &- 1
                    let isText = textFields[field]
                    table.withValueBytes(row: row, field: field) { value in
                        _ = isText ? writer.newString(utf8: value) : writer.newDate(RecordTable.date(from: value))
                    }
                }
                expected &+= 1
            }
            self.objects = objects
        }

        /// The buffer for the objects of a record of `count` keys and values, taken out of
        /// `objects` (so that it is written without a uniqueness check per object).
        private mutating func takeObjects(_ count: Int) -> [Int] {
            var taken: [Int] = []
            swap(&taken, &objects)
            if taken.count < count { taken = [Int](repeating: 0, count: max(count, 2 * taken.count)) }
            return taken
        }

        /// Writes `record` as record `number`.
        mutating func append(_ record: Record, number: Int) {
            let fieldCount = min(fields.count, record.values.count)
            let codes = (record.keyOrder ?? fallback).resolved(fieldCount: fieldCount, extraCount: record.extras.count)
            let pairs = codes.count
            let dictionary = writer.beginContainer(marker: 0xD0, count: pairs, references: 2 * pairs)
            setRecord(number, to: dictionary.object)
            var objects = takeObjects(2 * pairs)
            var extra = 0
            for (slot, code) in codes.enumerated() {
                if code == KeyOrder.extraCode {
                    objects[slot] = writer.string(record.extras[extra].key)
                    extra += 1
                } else {
                    objects[slot] = keyObject(code)
                }
            }
            extra = 0
            for (slot, code) in codes.enumerated() {
                let object: Int
                if code == KeyOrder.extraCode {
                    object = BinaryPlistRecordWriter.write(record.extras[extra].value, to: &writer)
                    extra += 1
                } else if code == KeyOrder.idCode {
                    object = idObject(record.id)
                } else {
                    switch record.values[Int(code) - 1] {
                    case .text(let text): object = writer.string(text)
                    case .date(let seconds): object = writer.date(seconds)
                    }
                }
                objects[pairs + slot] = object
            }
            writer.setReferences(dictionary, from: 0, to: objects.span.extracting(0..<(2 * pairs)))
            self.objects = objects
        }
    }

    /// At most how many objects `count` records need, counting no sharing but the keys'
    /// (and not that either for `.unshared`); `records` are those that may have extras.
    /// Only the kind's fields are written, so a record's values need not be looked
    /// at: the count comes from the list itself, without touching each values array.
    fileprivate static func objectBound(
        count: Int, _ records: some Collection<Record>, kind: ListKind, sharing: BinaryPlistObjectSharing
    ) -> Int {
        let fields = kind.fields.count
        var bound =
            sharing == .shared ? 2 + fields + count * (2 + fields) : 1 + count * (1 + 2 * (1 + fields))
        for record in records where !record.extras.isEmpty {
            for extra in record.extras { bound += 1 + objectBound(extra.value) }
        }
        return bound
    }

    /// At most how many objects `value` needs.
    private static func objectBound(_ value: PropertyValue) -> Int {
        switch value {
        case .array(let elements): return elements.reduce(1) { $0 + objectBound($1) }
        case .dictionary(let pairs): return pairs.reduce(1) { $0 + 1 + objectBound($1.value) }
        default: return 1
        }
    }

    /// Writes `value` and what it contains; returns its object number.
    fileprivate static func write(_ value: PropertyValue, to writer: inout BinaryPlistObjectWriter) -> Int {
        switch value {
        case .null: return writer.null()
        case .string(let text): return writer.string(text)
        case .integer(let number): return writer.integer(number)
        case .real(let number): return writer.real(number)
        case .float(let number): return writer.float(number)
        case .numberText(let text):
            switch PropertyValue.plistNumber(text) {
            case .unsigned(let number) where number > UInt64(Int64.max): return writer.unsignedInteger(number)
            case .unsigned(let number): return writer.integer(Int64(number))
            case .real(let number): return writer.real(number)
            }
        case .bool(let flag): return writer.bool(flag)
        case .date(let seconds): return writer.date(seconds)
        case .data(let bytes): return writer.data(bytes)
        case .array(let elements):
            let array = writer.beginContainer(marker: 0xA0, count: elements.count, references: elements.count)
            for (slot, element) in elements.enumerated() {
                writer.setReference(array, slot: slot, to: write(element, to: &writer))
            }
            return array.object
        case .dictionary(let pairs):
            let dictionary = writer.beginContainer(marker: 0xD0, count: pairs.count, references: 2 * pairs.count)
            for (slot, pair) in pairs.enumerated() {
                writer.setReference(dictionary, slot: slot, to: writer.string(pair.key))
            }
            for (slot, pair) in pairs.enumerated() {
                writer.setReference(dictionary, slot: pairs.count + slot, to: write(pair.value, to: &writer))
            }
            return dictionary.object
        }
    }
}

/// The objects a save appends after a file's own (`BinaryPlistRecordWriter.appendedObjects`).
package struct BinaryPlistAppendedObjects {
    /// Their bytes.
    package let bytes: [UInt8]
    /// Where each starts in the new file.
    package let starts: [Int]
    /// The dictionary of each appended record, in order.
    package let records: [Int]
    /// The number of objects of the new file.
    package let objectCount: Int
}
