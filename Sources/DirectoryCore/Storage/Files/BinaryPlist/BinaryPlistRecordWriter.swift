/// Writes a list of records as a binary property list (`bplist00`) in the
/// layout `PropertyListEncoder` gives an array of the app's `Codable` structs
/// (byte for byte the same at any size; an identifier that several records share
/// is shared too, for records numbered by `RecordKey.numberOccurrences`): each record is a dictionary with `id` first, then the schema's
/// fields (text as strings, dates as `<date>`), then the extras unchanged.
///
/// Property lists have no null: an extra (or a value nested in one) that is
/// `PropertyValue.null` — which only a JSON file can hold — is left out,
/// together with its key or its place in an array.
enum BinaryPlistRecordWriter {
    /// Encodes `records` as a complete file.
    static func write(_ records: some RandomAccessCollection<Record>, schema: RecordSchema) -> [UInt8] {
        var file = FileState(count: records.count, wholeRecords: records, schema: schema)
        for (number, record) in records.enumerated() { file.append(record, number: number) }
        return file.writer.finish()
    }

    /// Encodes `records` as a complete file; rows still in the list's table are written
    /// from its bytes, without making records or strings.
    static func write(_ records: RecordList, schema: RecordSchema) -> [UInt8] {
        guard let table = records.table else { return write(records.array, schema: schema) }
        // Only records kept whole can have extras or share an id.
        var file = FileState(count: records.count, wholeRecords: records.loose, schema: schema)
        for number in records.indices {
            if let row = records.tableRow(at: number) {
                file.append(row: row, of: table, number: number)
            } else {
                file.append(records[number], number: number)
            }
        }
        return file.writer.finish()
    }

    /// A file being written: the writer, the top array, and the objects of the keys.
    private struct FileState {
        var writer: BinaryPlistObjectWriter
        let top: BinaryPlistObjectWriter.Container
        let fields: [Field]
        var keyObjects: [Int] = []
        var repeatedIDs: [RecordID: Int] = [:]

        /// Starts a file of `count` records, of which those not in a table are `wholeRecords`
        /// (or a superset of them: they only bound the objects and find shared ids).
        init(count: Int, wholeRecords: some Collection<Record>, schema: RecordSchema) {
            fields = schema.fields
            writer = BinaryPlistObjectWriter(
                capacity: 64 + count * (48 + 40 * fields.count),
                objectBound: BinaryPlistRecordWriter.objectBound(count: count, wholeRecords, schema: schema))
            top = writer.beginContainer(marker: 0xA0, count: count, references: count)
            for record in wholeRecords where record.occurrence > 0 { repeatedIDs[record.id] = -1 }
        }

        /// The object of `id`: shared by the records that share it.
        private mutating func idObject(_ id: RecordID) -> Int {
            guard !repeatedIDs.isEmpty, let shared = repeatedIDs[id] else { return writer.recordID(id) }
            let object = shared >= 0 ? shared : writer.recordID(id)
            repeatedIDs[id] = object
            return object
        }

        /// The key objects, written the first time they are needed.
        private mutating func keys(_ count: Int) -> [Int] {
            if keyObjects.count < count {
                keyObjects = [writer.string("id")] + fields.map { writer.string($0.name) }
            }
            return keyObjects
        }

        /// Writes table row `row` as record `number`: its id and fields, no extras.
        mutating func append(row: Int, of table: RecordTable, number: Int) {
            let pairs = 1 + fields.count
            let dictionary = writer.beginContainer(marker: 0xD0, count: pairs, references: 2 * pairs)
            writer.setReference(top, slot: number, to: dictionary.object)
            let keys = keys(pairs)
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * pairs) { objects in
                for slot in 0..<pairs { objects[slot] = keys[slot] }
                objects[pairs] = idObject(table.id(at: row))
                for field in fields.indices {
                    objects[pairs + 1 + field] = table.withValueBytes(row: row, field: field) { value in
                        fields[field].isText
                            ? writer.string(utf8: UnsafeRawBufferPointer(value))
                            : writer.date(RecordTable.date(from: value))
                    }
                }
                writer.setReferences(dictionary, from: 0, to: UnsafeBufferPointer(objects))
            }
        }

        /// Writes `record` as record `number`.
        mutating func append(_ record: Record, number: Int) {
            let fieldCount = min(fields.count, record.values.count)
            var extraCount = 0
            if !record.extras.isEmpty {
                for extra in record.extras where extra.value != .null { extraCount += 1 }
            }
            let pairs = 1 + fieldCount + extraCount
            let dictionary = writer.beginContainer(marker: 0xD0, count: pairs, references: 2 * pairs)
            writer.setReference(top, slot: number, to: dictionary.object)
            let keys = keys(1 + fieldCount)
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * pairs) { objects in
                var count = 0
                func add(_ object: Int) {
                    objects[count] = object
                    count += 1
                }
                for slot in 0..<(1 + fieldCount) { add(keys[slot]) }
                for extra in record.extras where extra.value != .null { add(writer.string(extra.key)) }
                add(idObject(record.id))
                for field in 0..<fieldCount {
                    switch record.values[field] {
                    case .text(let text): add(writer.string(text))
                    case .date(let seconds): add(writer.date(seconds))
                    }
                }
                for extra in record.extras {
                    guard let object = BinaryPlistRecordWriter.write(extra.value, to: &writer) else { continue }
                    add(object)
                }
                writer.setReferences(dictionary, from: 0, to: UnsafeBufferPointer(rebasing: objects[0..<count]))
            }
        }
    }

    /// At most how many objects `count` records need, counting no sharing but the keys';
    /// `records` are those that may have extras.
    /// Only the schema's fields are written, so a record's values need not be looked
    /// at: the count comes from the list itself, without touching each values array.
    fileprivate static func objectBound(count: Int, _ records: some Collection<Record>, schema: RecordSchema) -> Int {
        let fields = schema.fields.count
        var bound = 2 + fields + count * (2 + fields)
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

    /// Writes `value` and what it contains; returns its object number, or `nil`
    /// for `.null`, which is left out.
    fileprivate static func write(_ value: PropertyValue, to writer: inout BinaryPlistObjectWriter) -> Int? {
        switch value {
        case .null: return nil
        case .string(let text): return writer.string(text)
        case .integer(let number): return writer.integer(number)
        case .real(let number): return writer.real(number)
        case .integerText(let digits): return writer.real(Double(digits) ?? 0)
        case .bool(let flag): return writer.bool(flag)
        case .date(let seconds): return writer.date(seconds)
        case .data(let bytes): return writer.data(bytes)
        case .array(let elements):
            let count = elements.count { $0 != .null }
            let array = writer.beginContainer(marker: 0xA0, count: count, references: count)
            var slot = 0
            for element in elements {
                guard let object = write(element, to: &writer) else { continue }
                writer.setReference(array, slot: slot, to: object)
                slot += 1
            }
            return array.object
        case .dictionary(let pairs):
            let count = pairs.count { $0.value != .null }
            let dictionary = writer.beginContainer(marker: 0xD0, count: count, references: 2 * count)
            var slot = 0
            for pair in pairs where pair.value != .null {
                let key = writer.string(pair.key)
                writer.setReference(dictionary, slot: slot, to: key)
                slot += 1
            }
            for pair in pairs {
                guard let object = write(pair.value, to: &writer) else { continue }
                writer.setReference(dictionary, slot: slot, to: object)
                slot += 1
            }
            return dictionary.object
        }
    }
}
