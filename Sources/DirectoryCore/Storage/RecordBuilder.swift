/// Turns the key–value pairs a reader finds in each dictionary of a file into
/// `Record`s of a schema, so that every reader checks records the same way.
///
/// When the schema is not fixed in advance, the first record's keys choose it
/// (`RecordSchema.detect(keys:)`), and `fallback` serves for an empty list.
public struct RecordBuilder {
    /// The schema in use, once known.
    public private(set) var schema: RecordSchema?
    /// The schema for a file whose records do not decide.
    public let fallback: RecordSchema
    /// The records built so far.
    public private(set) var records: [Record] = []

    private var pending: [KeyedValue] = []
    private var id: RecordID?
    private var values: [FieldValue] = []
    private var extras: [KeyedValue] = []
    private var seen: UInt64 = 0

    /// Creates a builder; `schema` fixes the kind, or `nil` lets the file decide.
    public init(schema: RecordSchema?, fallback: RecordSchema = .person, capacity: Int = 0) {
        self.schema = schema
        self.fallback = fallback
        records.reserveCapacity(capacity)
    }

    /// The 1-based number of the record being built, for messages.
    public var recordNumber: Int { records.count + 1 }

    /// Starts the next record.
    public mutating func beginRecord() {
        id = nil
        seen = 0
        extras = []
        if let schema {
            values = schema.defaultValues
        } else {
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Adds one key of the current record's dictionary.
    public mutating func add(key: String, value: PropertyValue) throws(FileFormatError) {
        guard let fields = schema?.fields else {
            if pending.contains(where: { $0.key == key }) { throw duplicate(key) }
            pending.append(KeyedValue(key, value))
            return
        }
        if key == "id" {
            guard seen & 1 == 0 else { throw duplicate(key) }
            seen |= 1
            guard case .string(let text) = value else {
                throw FileFormatError(
                    "record \(recordNumber): 'id' is \(value.typeDescription), expected a UUID string")
            }
            guard let parsed = RecordID(text) else {
                throw FileFormatError("record \(recordNumber): 'id' is not a UUID: \(text.debugDescription)")
            }
            id = parsed
            return
        }
        for index in fields.indices where fields[index].name == key {
            let bit: UInt64 = 2 << UInt64(index)
            guard seen & bit == 0 else { throw duplicate(key) }
            seen |= bit
            let converted = try Self.fieldValue(value, for: fields[index], record: recordNumber)
            values[index] = converted
            return
        }
        if extras.contains(where: { $0.key == key }) { throw duplicate(key) }
        extras.append(KeyedValue(key, value))
    }

    /// Finishes the current record.
    public mutating func endRecord() throws(FileFormatError) {
        if schema == nil {
            let chosen = RecordSchema.detect(keys: pending.map(\.key)) ?? fallback
            schema = chosen
            let buffered = pending
            beginRecord()
            for pair in buffered { try add(key: pair.key, value: pair.value) }
        }
        guard let id else {
            throw FileFormatError("record \(recordNumber) has no 'id'")
        }
        records.append(Record(id: id, values: values, extras: extras))
    }

    /// The schema and records, once every record has been added.
    public func finish() -> (schema: RecordSchema, records: [Record]) {
        (schema ?? fallback, records)
    }

    private func duplicate(_ key: String) -> FileFormatError {
        FileFormatError("record \(recordNumber) has the key '\(key)' twice")
    }

    private static func fieldValue(_ value: PropertyValue, for field: Field, record recordNumber: Int)
        throws(FileFormatError) -> FieldValue
    {
        switch (field.type, value) {
        case (.text, .string(let text)):
            return .text(text)
        case (.date, .date(let seconds)), (.date, .real(let seconds)):
            guard seconds.isFinite else {
                throw FileFormatError("record \(recordNumber): '\(field.name)' is not a finite number")
            }
            return .date(seconds)
        case (.date, .integer(let seconds)):
            return .date(Double(seconds))
        case (.text, _):
            throw FileFormatError(
                "record \(recordNumber): '\(field.name)' is \(value.typeDescription), expected a string")
        case (.date, _):
            throw FileFormatError(
                "record \(recordNumber): '\(field.name)' is \(value.typeDescription), expected a date (seconds since 2001)"
            )
        }
    }
}
