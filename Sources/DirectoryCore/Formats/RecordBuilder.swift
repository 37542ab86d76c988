/// Turns the key–value pairs a reader finds in each dictionary of a file into
/// `Record`s of a kind, so that every reader checks records the same way.
///
/// When the kind is not fixed in advance, the first record's keys choose it
/// (`ListKind.detect(keys:)`), and `fallback` serves for an empty list.
///
/// Text given as bytes is kept as where it is until the record ends: a range of the bytes
/// the reader ends the record with (`add(field:textAt:)`, `endRecord(texts:)`); a record
/// that fits a `RecordTable` is then copied there without a string being made.
public struct RecordBuilder: Sendable {
    /// The kind in use, once known.
    public private(set) var kind: ListKind? {
        didSet { keepParts(of: kind) }
    }
    /// The kind for a file whose records do not decide.
    public let fallback: ListKind
    /// The records built so far, once the kind is known.
    private var list: RecordList.Builder?
    /// The size of the file being read, for the room made up front.
    private(set) var sizeHint: Int
    /// The kind the builder was made with (`restarted()`).
    private let givenKind: ListKind?
    /// The records of the file before the first this builder builds (another builder
    /// builds them), for messages.
    private let recordsBefore: Int

    // The kind's parts that each key and record needs, kept apart so that the hot
    // paths never copy the whole (optional) kind.
    private var hasKind = false
    private var fields: [Field] = []
    /// Each field's type, read on every value without copying the whole `Field`.
    private var fieldTypes: [Field.ValueType] = []
    /// The fields' keys as UTF-8, end to end, and where each starts (and the last ends): one
    /// array, so that matching a key retains nothing.
    private var fieldKeyBytes: [UInt8] = []
    private var fieldKeyStarts: [Int] = [0]
    private var defaults: [FieldValue] = []

    private var pending: [KeyedValue] = []
    private var id: RecordID?
    private var values: [FieldValue] = []
    /// Whether the current record set any of `values`.
    private var valuesChanged = false
    private var extras: [KeyedValue] = []
    private var seen: UInt64 = 0
    /// The order of the current record's keys: packed while it has at most eight keys,
    /// in `longOrder` once it has more.
    private var order = KeyOrder.Packed()
    private var longOrder: [UInt8] = []
    /// Text fields of the current record given as bytes, by field: where they are in the
    /// bytes the record ends with.
    private var texts: [Range<Int>?] = []
    /// Which binary property list object each text field of the current record was read
    /// from (`noteObject`), once a reader has noted one: `RecordTable.valueObjects`.
    private var objects: [UInt32] = []
    /// The keys of `pending` or `extras`, once there are too many to search one by one,
    /// so that a record with any number of keys loads in linear time.
    private var keysSeen = RepeatedKeyCheck()
    /// The file offset of the bytes a reader hands to `endRecord(texts:span:)` (a JSON reader's
    /// window), for the rows' origins (`RecordOrigin`).
    package var originBase = 0
    /// Whether the current record's id was read as 36 digits and hyphens in upper case, as the
    /// writer writes it (`noteIDAsWritten`).
    private var idAsWritten = false
    /// Whether the first record's id was written in lower case (`RecordList.idsReadInLowerCase`).
    private var idsInLowerCase = false
    /// Whether every field is text (a row's origin can be plain only then).
    private var allText = false

    /// Creates a builder; `kind` fixes the kind, or `nil` lets the file decide.
    ///
    /// - Parameter sizeHint: the size of the file being read, from which room is made for
    ///   as many records as it could hold. Untouched room costs address space, not memory,
    ///   and it spares the copies (and the double peak) of growing arrays a million long.
    public init(kind: ListKind?, fallback: ListKind = .person, sizeHint: Int = 0) {
        self.init(kind: kind, fallback: fallback, sizeHint: sizeHint, recordsBefore: 0)
    }

    /// Creates a builder of the records that follow the file's first `recordsBefore`, which
    /// another builder builds (a run read on a thread of its own, then joined to it with
    /// `append(contentsOf:)`).
    init(kind: ListKind?, fallback: ListKind, sizeHint: Int, recordsBefore: Int) {
        self.kind = kind
        self.fallback = fallback
        self.sizeHint = sizeHint
        self.givenKind = kind
        self.recordsBefore = recordsBefore
        keepParts(of: kind)
    }

    /// An empty builder made as this one was.
    func restarted() -> RecordBuilder {
        RecordBuilder(kind: givenKind, fallback: fallback, sizeHint: sizeHint, recordsBefore: recordsBefore)
    }

    /// The 1-based number of the record being built, for messages.
    public var recordNumber: Int { recordsBefore + (list?.count ?? 0) + 1 }

    /// Adds the records `other` built after this builder's, as if this builder had built
    /// them: `other` read the records that follow this one's, of the same kind. Returns
    /// `false`, adding nothing, when the list might then differ from one builder's
    /// (`RecordList.Builder.append(contentsOf:)`).
    mutating func append(contentsOf other: RecordBuilder) -> Bool {
        guard let records = other.list, kind == other.kind, list != nil else { return false }
        return list?.append(contentsOf: records) == true
    }

    /// Starts the next record.
    public mutating func beginRecord() {
        id = nil
        idAsWritten = false
        seen = 0
        order = KeyOrder.Packed()
        if !longOrder.isEmpty { longOrder = [] }
        keysSeen.reset()
        if !extras.isEmpty { extras = [] }
        if hasKind {
            // Only values a record set are put back, element by element, so that the array
            // stays this builder's own (a record that sets a value does not copy it) and a
            // record that set none (its text given as bytes) costs nothing here.
            if values.count != defaults.count {
                values = defaults
            } else if valuesChanged {
                for index in values.indices { values[index] = defaults[index] }
            }
            valuesChanged = false
            for index in texts.indices { texts[index] = nil }
            for index in objects.indices { objects[index] = RecordTable.noObject }
        } else {
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// What a key read as raw UTF-8 bytes is, once the kind is known: `.id`, a
    /// field's index, or `nil` for a key to pass to `add(key:value:)` as a string.
    func key(utf8 bytes: Span<UInt8>) -> KnownKey? {
        guard hasKind else { return nil }
        let count = bytes.count
        if count == 2, bytes[0] == UInt8(ascii: "i"), bytes[1] == UInt8(ascii: "d") { return .id }
        // Lengths first, then the bytes: this runs for every key of every record.
        let keys = fieldKeyBytes.span
        for index in 0..<(fieldKeyStarts.count - 1) {
            let start = fieldKeyStarts[index]
            let end = fieldKeyStarts[index + 1]
            if end - start == count, keys.extracting(start..<end).hasSameBytes(as: bytes) { return .field(index) }
        }
        return nil
    }

    /// A key the kind knows, found by `key(utf8:)`.
    public enum KnownKey: Equatable {
        /// The record's `id`.
        case id
        /// The kind field with this index.
        case field(Int)
    }

    /// Adds the value of kind field `index` (found by `key(utf8:)`) to the current record.
    public mutating func add(field index: Int, value: PropertyValue) throws(FileFormatError) {
        let bit: UInt64 = 2 << UInt64(index)
        guard seen & bit == 0 else { throw duplicate(fields[index].name) }
        seen |= bit
        noteKey(KeyOrder.fieldCode(index))
        valuesChanged = true
        values[index] = try Self.fieldValue(
            value, type: fieldTypes[index], field: index, of: fields, record: recordNumber)
        texts[index] = nil
    }

    /// Whether kind field `index` holds text.
    public func isText(field index: Int) -> Bool { fields[index].isText }

    /// Adds the value of text field `index` as the checked UTF-8 bytes at `range` of the
    /// bytes the reader ends the record with (`endRecord(texts:)`): a reader passes where the
    /// text is in the file's own bytes, and a record that fits a `RecordTable` is then copied
    /// there without a string being made.
    mutating func add(field index: Int, textAt range: Range<Int>) throws(FileFormatError) {
        let bit: UInt64 = 2 << UInt64(index)
        guard seen & bit == 0 else { throw duplicate(fields[index].name) }
        seen |= bit
        noteKey(KeyOrder.fieldCode(index))
        texts[index] = range
    }

    /// Notes that the text of kind field `index`, just added, is binary property list string
    /// object `object`: every value of one object has the same bytes, so the writer looks
    /// each object up once (`RecordTable.valueObjects`).
    @inline(__always)
    mutating func noteObject(_ object: Int, field index: Int) {
        guard object >= 0, object < Int(RecordTable.noObject) else { return }
        if objects.isEmpty { objects = Array(repeating: RecordTable.noObject, count: fields.count) }
        objects[index] = UInt32(truncatingIfNeeded: object)
    }

    /// Adds `text` as the value of kind field `index` (found by `key(utf8:)`): the same
    /// as `add(field:value:)` with `.string(text)`, without boxing the text in a
    /// `PropertyValue` (an indirect enum, so each one is an allocation).
    public mutating func add(field index: Int, text: String) throws(FileFormatError) {
        guard case .text = fieldTypes[index] else { return try add(field: index, value: .string(text)) }
        let bit: UInt64 = 2 << UInt64(index)
        guard seen & bit == 0 else { throw duplicate(fields[index].name) }
        seen |= bit
        noteKey(KeyOrder.fieldCode(index))
        valuesChanged = true
        values[index] = .text(text)
        texts[index] = nil
    }

    /// Adds one key of the current record's dictionary.
    public mutating func add(key: String, value: PropertyValue) throws(FileFormatError) {
        guard hasKind else {
            guard keysSeen.insert(key, into: pending) else { throw duplicate(key) }
            pending.append(KeyedValue(key, value))
            return
        }
        if key == "id" {
            guard seen & 1 == 0 else { throw duplicate(key) }
            seen |= 1
            noteKey(KeyOrder.idCode)
            guard case .string(let text) = value else {
                throw FileFormatError(
                    "record \(recordNumber): 'id' is \(value.typeDescription), expected a UUID string", key: key)
            }
            guard let parsed = RecordID(text) else {
                throw FileFormatError(
                    "record \(recordNumber): 'id' is not a UUID: \(text.debugDescription)", key: key)
            }
            id = parsed
            return
        }
        for index in fields.indices where fields[index].name == key {
            try add(field: index, value: value)
            return
        }
        guard keysSeen.insert(key, into: extras) else { throw duplicate(key) }
        noteKey(KeyOrder.extraCode)
        extras.append(KeyedValue(key, value))
    }

    /// Notes that the id just added (`add(id:)`) was read as the writer writes it: 36 digits and
    /// hyphens in upper case, between quotes, without escapes.
    @inline(__always)
    mutating func noteIDAsWritten() {
        idAsWritten = true
    }

    /// Sets the current record's id, parsed by the reader straight from the file's
    /// bytes; only once the kind is known (before, ids go through `add(key:value:)`).
    public mutating func add(id: RecordID) throws(FileFormatError) {
        guard seen & 1 == 0 else { throw duplicate("id") }
        seen |= 1
        noteKey(KeyOrder.idCode)
        self.id = id
    }

    /// Notes that the current record's next key is the one of `code`.
    @inline(__always)
    private mutating func noteKey(_ code: UInt8) {
        if order.hasRoom, longOrder.isEmpty {
            order.append(code)
        } else {
            noteLongKey(code)
        }
    }

    /// Notes the key of `code` of a record with more than eight keys.
    private mutating func noteLongKey(_ code: UInt8) {
        if longOrder.isEmpty { longOrder = order.order.codes }
        longOrder.append(code)
    }

    /// Finishes the current record, which has no text given by `add(field:textAt:)`.
    public mutating func endRecord() throws(FileFormatError) {
        let none: [UInt8] = []
        try endRecord(texts: none.span)
    }

    /// Finishes the current record, whose texts given by `add(field:textAt:)` are in `bytes`.
    mutating func endRecord(texts bytes: Span<UInt8>) throws(FileFormatError) {
        try endRecord(texts: bytes, span: nil)
    }

    /// Finishes the current record, whose texts given by `add(field:textAt:)` are in `bytes`,
    /// and which took the bytes `span` of them: noted as the row's origin (`RecordOrigin`),
    /// offset by `originBase`.
    mutating func endRecord(texts bytes: Span<UInt8>, span: Range<Int>?) throws(FileFormatError) {
        if !hasKind {
            let buffered = pending
            kind = ListKind.detect(keys: buffered.map(\.key)) ?? fallback
            beginRecord()
            do throws(FileFormatError) {
                for pair in buffered {
                    try add(key: pair.key, value: pair.value)
                    // Once a file, on its first record: whether its ids are in lower case.
                    if pair.key == "id", case .string(let text) = pair.value {
                        idsInLowerCase = text.utf8.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f") }
                    }
                }
                guard id != nil else { throw .noID(record: recordNumber) }
            } catch {
                // As it was before the record, so that a reader may run the record again.
                kind = nil
                pending = buffered
                throw error
            }
        }
        guard let id else {
            throw .noID(record: recordNumber)
        }
        // A key the record lacks is written after the others.
        let allKeys: UInt64 = (2 << UInt64(fields.count)) &- 1
        let hadAllKeys = seen == allKeys
        if seen != allKeys {
            for code in 0...fields.count where seen & (1 << UInt64(code)) == 0 {
                noteKey(UInt8(truncatingIfNeeded: code))
            }
        }
        if extras.isEmpty, longOrder.isEmpty {
            list?.append(id: id, texts: texts, in: bytes.rawBytes, values: values, order: order, objects: objects)
            if let span {
                var plain = idAsWritten && hadAllKeys && allText
                if plain {
                    for range in texts where range == nil {
                        plain = false
                        break
                    }
                }
                list?.noteOrigin(RecordOrigin(offset: originBase &+ span.lowerBound, isPlain: plain))
            }
            return
        }
        for index in texts.indices {
            if let range = texts[index] {
                valuesChanged = true
                values[index] = .text(String(utf8: bytes.extracting(range)))
            }
        }
        let keyOrder = longOrder.isEmpty ? order.order : KeyOrder(codes: longOrder)
        list?.append(Record(id: id, values: values, extras: extras, keyOrder: keyOrder))
    }

    /// Adds a record whose fields are all text, read by the binary property list reader's
    /// path for the writer's records (`RecordTable.Builder.appendTextRow`).
    mutating func appendTextRow(
        id: RecordID, texts: Span<Range<Int>>, pooled: Int, file: Span<UInt8>, pool: Span<UInt8>,
        order: KeyOrder.Packed, objects: Span<UInt32>
    ) {
        list?.appendTextRow(
            id: id, texts: texts, pooled: pooled, file: file.rawBytes, pool: pool.rawBytes, order: order,
            objects: objects)
    }

    /// How the binary property list being read shares its objects (its reader says).
    public var plistObjectSharing = BinaryPlistObjectSharing.shared

    /// Says which file the rows' origins are in (`RecordSource`), once it is read.
    package mutating func setSource(_ source: RecordSource) {
        list?.setSource(source)
    }

    /// Says that the binary property list read is what the writer writes for its records
    /// (`BinaryPlistLayout`), for a save that appends to it.
    mutating func setBinaryLayout(_ layout: BinaryPlistLayout) {
        list?.table.binaryLayout = layout
    }

    /// The kind and records, once every record has been added.
    public func finish() -> (kind: ListKind, records: RecordList) {
        var records = list?.finish() ?? []
        records.plistObjectSharing = plistObjectSharing
        records.idsReadInLowerCase = idsInLowerCase
        return (kind ?? fallback, records)
    }

    /// Keeps the parts of `kind` the hot paths use.
    private mutating func keepParts(of kind: ListKind?) {
        hasKind = kind != nil
        fields = kind?.fields ?? []
        fieldTypes = fields.map(\.type)
        allText = hasKind && fields.allSatisfy(\.isText)
        fieldKeyBytes = fields.flatMap { Array($0.name.utf8) }
        fieldKeyStarts = fields.reduce(into: [0]) { $0.append(($0.last ?? 0) + $1.name.utf8.count) }
        defaults = kind?.defaultValues ?? []
        texts = Array(repeating: nil, count: fields.count)
        objects = []
        if let kind, list == nil {
            // The smallest record a file can hold is about 40 bytes (`{"id":"…36…"}`).
            list = RecordList.Builder(kind: kind, rows: sizeHint / 40, bytes: sizeHint)
        }
    }

    private func duplicate(_ key: String) -> FileFormatError {
        FileFormatError("record \(recordNumber) has the key '\(key)' twice")
    }

    /// The value of field number `index` of `fields`, whose type is `type`; the field
    /// itself is looked at only for a message (copying it costs three retains).
    private static func fieldValue(
        _ value: PropertyValue, type: Field.ValueType, field index: Int, of fields: [Field], record recordNumber: Int
    ) throws(FileFormatError) -> FieldValue {
        switch (type, value) {
        case (.text, .string(let text)):
            return .text(text)
        case (.date, .date(let seconds)), (.date, .real(let seconds)):
            // A binary plist can hold a date that is not finite; it is kept as read.
            return .date(seconds)
        case (.date, .float(let seconds)):
            return .date(Double(seconds))
        case (.date, .integer(let seconds)):
            return .date(Double(seconds))
        case (.date, .numberText(let digits)):
            return .date(Double(digits) ?? 0)
        case (.text, _):
            throw FileFormatError(
                "record \(recordNumber): '\(fields[index].name)' is \(value.typeDescription), expected a string",
                key: fields[index].name)
        case (.date, _):
            throw FileFormatError(
                "record \(recordNumber): '\(fields[index].name)' is \(value.typeDescription), expected a date (seconds since 2001)",
                key: fields[index].name)
        }
    }
}
