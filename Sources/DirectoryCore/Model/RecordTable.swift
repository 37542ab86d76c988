/// Records as a file held them, packed: one id per row and every field's value as bytes
/// in one shared buffer, instead of a `Record` with an array and strings per row.
///
/// A list of a million people loaded into `Record`s costs three allocations and about
/// 180 bytes a person; here it costs about 60 bytes and no allocation per row, and a
/// record is only made (`record(at:)`) when something asks for it. Rows never change
/// once the table is built: an edited record leaves the table (see `RecordList`).
///
/// A text field's value is its UTF-8; a date field's value is the 8 bytes of its `Double`.
/// A text a binary property list shares between records is kept once, by the object it was
/// read from (`shared`), and the rows that hold it keep none of its bytes. A row whose value
/// does not fit its field's type, or that has extras, is not put in a table: `RecordList`
/// keeps such records whole.
public final class RecordTable: Sendable {
    /// The number of fields each row has, in kind order.
    public let fieldCount: Int
    /// Whether each field is text (the others are dates).
    let textFields: [Bool]
    /// Each row's id.
    let ids: [RecordID]
    /// Where each value starts in `bytes`: value `field` of `row` is
    /// `starts[row * fieldCount + field] ..< starts[row * fieldCount + field + 1]`.
    let starts: [UInt32]
    /// The values' bytes, row after row; a value kept in `shared` has none here.
    let bytes: [UInt8]
    /// The texts the rows share by object (`SharedTexts`): a text value with an empty range in
    /// `starts` whose object (`valueObjects`) is kept there is that text.
    let shared: SharedTexts
    /// The orders the rows' keys were read in (`nil`: a row made here, not read).
    let keyOrders: [KeyOrder?]
    /// Each row's index in `keyOrders`; empty when every row has the first.
    let rowOrders: [UInt8]
    /// Which distinct value each text value is, where the file said so: the number of the
    /// binary property list string object it was read from, by slot as `starts`
    /// (`row * fieldCount + field`), `RecordTable.noObject` for a value that has none; empty
    /// for a table read from any other file. Two values of one object have the same bytes,
    /// so a writer that shares equal strings looks each distinct value up once.
    let valueObjects: [UInt32]
    /// Above every number in `valueObjects`.
    let valueObjectBound: Int
    /// Where each row was in the file it was read from (`RecordOrigin`), by row; empty when
    /// the reader noted none (every format but JSON).
    let origins: [UInt32]
    /// The file the rows' `origins` (or `binaryLayout`) are in, once its reader said (`RecordSource`).
    package let source: RecordSource?
    /// The binary property list the rows were read from, when it is proven to be exactly what
    /// the writer writes for them (`BinaryPlistLayout`).
    package let binaryLayout: BinaryPlistLayout?
    /// The search index of the rows, once a search has built it (`caseFoldedIndex`).
    let searchCache = CaseFoldedIndexCache()
    /// Every value's bytes row after row, shared texts included, once `withStorage` needed them.
    private let storageCache = TableStorageCache()

    /// Every text value folded for searching, built the first time it is asked for and
    /// kept for the table's life; `nil` when the values are too large to index.
    var caseFoldedIndex: CaseFoldedIndex? { searchCache.index(of: self) }

    /// The table a `Builder` built.
    init(_ builder: Builder) {
        fieldCount = builder.fieldCount
        textFields = builder.textFields
        ids = builder.ids
        starts = builder.starts
        bytes = builder.bytes
        shared = builder.shared
        keyOrders = builder.keyOrders.isEmpty ? [nil] : builder.keyOrders
        rowOrders = builder.rowOrders
        var objects = builder.valueObjects
        if !objects.isEmpty, objects.count < builder.starts.count - 1 {
            objects.append(contentsOf: repeatElement(Self.noObject, count: builder.starts.count - 1 - objects.count))
        }
        valueObjects = objects
        valueObjectBound = builder.valueObjectBound
        origins = builder.origins.count == builder.ids.count ? builder.origins : []
        binaryLayout = builder.binaryLayout
        source = origins.isEmpty && builder.binaryLayout == nil ? nil : builder.source
    }

    /// The mark in `valueObjects` of a value that has no object.
    static let noObject = UInt32.max

    /// The object value `field` of `row` was read from (`valueObjects`), or `noObject`.
    @inline(__always)
    func valueObject(row: Int, field: Int) -> UInt32 {
        valueObjects.isEmpty ? Self.noObject : valueObjects[row &* fieldCount &+ field]
    }

    /// The number of rows.
    public var count: Int { ids.count }

    /// The id of `row`.
    @inline(__always)
    public func id(at row: Int) -> RecordID { ids[row] }

    /// Calls `body` with the bytes of value `field` of `row`: UTF-8 for text, the
    /// `Double`'s 8 bytes for a date.
    @inline(__always)
    public func withValueBytes<Result, Failure: Error>(
        row: Int, field: Int, _ body: (Span<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let slot = row &* fieldCount &+ field
        let start = Int(starts[slot])
        let end = Int(starts[slot &+ 1])
        if start == end, !shared.isEmpty, let range = shared.range(of: valueObject(row: row, field: field)) {
            // As below, from the shared texts; `texts[range]` checks the range.
            return try unsafe shared.bytes.withUnsafeBufferPointer { (texts) throws(Failure) in
                try body(unsafe UnsafeBufferPointer(rebasing: texts[range]).span)
            }
        }
        // The table owns its bytes; a span of a class's array must be made inside a borrow of
        // it. `all[start..<end]` checks the value's bounds.
        return try unsafe bytes.withUnsafeBufferPointer { (all) throws(Failure) in
            try body(unsafe UnsafeBufferPointer(rebasing: all[start..<end]).span)
        }
    }

    /// The index in `keyOrders` of the order of `row`'s keys.
    @inline(__always)
    func keyOrderIndex(ofRow row: Int) -> Int {
        rowOrders.isEmpty ? 0 : Int(rowOrders[row])
    }

    /// The number of bytes all values of `row` take.
    @inline(__always)
    func byteCount(ofRow row: Int) -> Int {
        let count = Int(starts[(row &+ 1) &* fieldCount]) &- Int(starts[row &* fieldCount])
        guard !shared.isEmpty else { return count }
        var sharedCount = 0
        for field in 0..<fieldCount {
            let slot = row &* fieldCount &+ field
            if starts[slot] == starts[slot &+ 1], let range = shared.range(of: valueObject(row: row, field: field)) {
                sharedCount &+= range.count
            }
        }
        return count &+ sharedCount
    }

    /// All values' bytes and where each starts, for scans over every row at once: value
    /// `field` of `row` is `bytes[starts[row * fieldCount + field] ..< starts[… + 1]]`. A
    /// table whose rows share texts (`shared`) gives its values laid out row after row, made
    /// the first time they are asked for and kept.
    public func withStorage<Result, Failure: Error>(
        _ body: (_ bytes: Span<UInt8>, _ starts: Span<UInt32>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if !shared.isEmpty {
            let storage = storageCache.storage(of: self)
            return try body(storage.bytes.span, storage.starts.span)
        }
        // The table owns its arrays; a span of a class's array must be made inside a borrow of it.
        return try unsafe bytes.withUnsafeBufferPointer { (all) throws(Failure) in
            try unsafe starts.withUnsafeBufferPointer { (starts) throws(Failure) in
                try body(unsafe all.span, unsafe starts.span)
            }
        }
    }

    /// The rows' own bytes, where each value starts in them, and each value's object
    /// (`valueObjects`, empty when none was noted), as stored: a value kept in `shared` has an
    /// empty range here. For a scan that takes shared texts by object itself.
    func withRowStorage<Result>(
        _ body: (_ bytes: Span<UInt8>, _ starts: Span<UInt32>, _ objects: Span<UInt32>) -> Result
    ) -> Result {
        // The table owns its arrays; a span of a class's array must be made inside a borrow of it.
        unsafe bytes.withUnsafeBufferPointer { all in
            unsafe starts.withUnsafeBufferPointer { starts in
                unsafe valueObjects.withUnsafeBufferPointer { objects in
                    body(unsafe all.span, unsafe starts.span, unsafe objects.span)
                }
            }
        }
    }

    /// Value `field` of `row`.
    public func value(row: Int, field: Int) -> FieldValue {
        withValueBytes(row: row, field: field) { value in
            if textFields[field] { return .text(String(utf8: value)) }
            return .date(Self.date(from: value))
        }
    }

    /// The record of `row`.
    public func record(at row: Int) -> Record {
        var values: [FieldValue] = []
        values.reserveCapacity(fieldCount)
        for field in 0..<fieldCount { values.append(value(row: row, field: field)) }
        return Record(id: ids[row], values: values, keyOrder: keyOrders[keyOrderIndex(ofRow: row)])
    }

    /// The `Double` stored in 8 bytes.
    static func date(from value: Span<UInt8>) -> Double {
        guard value.count == 8 else { return 0 }
        return Double(bitPattern: UInt64(littleEndian: value.word64(at: 0)))
    }
}

extension RecordTable {
    /// Collects rows while a list is read; `RecordTable(builder)` then shares them.
    struct Builder {
        /// The number of fields each row has.
        let fieldCount: Int
        /// Whether each field is text.
        let textFields: [Bool]
        /// Whether every field is text.
        let allText: Bool
        // Not private: `append(contentsOf:)` (RecordTable+Joining.swift) joins two builders.
        var ids: [RecordID] = []
        var starts: [UInt32] = [0]
        var bytes: [UInt8] = []
        var keyOrders: [KeyOrder?] = []
        var rowOrders: [UInt8] = []
        var valueObjects: [UInt32] = []
        var valueObjectBound = 0
        var shared = SharedTexts()
        /// The bytes of the values kept in `shared`, counted once per row that holds one: with
        /// `bytes`, what the values take laid out row after row (`withStorage`), which must fit
        /// 32-bit offsets as `bytes` alone must.
        var sharedValueBytes = 0
        var packedOrders: [KeyOrder.Packed] = []
        var lastPacked = KeyOrder.Packed()
        var lastOrderIndex = -1
        var origins: [UInt32] = []
        var source: RecordSource?
        var binaryLayout: BinaryPlistLayout?

        /// The most bytes a table holds, so that offsets fit in 32 bits.
        static let capacityLimit = Int(UInt32.max)

        /// An empty table for records of `kind`.
        init(kind: ListKind) {
            fieldCount = kind.fields.count
            textFields = kind.fields.map(\.isText)
            allText = !textFields.contains(false)
        }

        /// The number of rows so far.
        var count: Int { ids.count }

        /// Makes room for about `rows` rows holding `bytes` bytes of values in all.
        mutating func reserve(rows: Int, bytes byteCount: Int) {
            ids.reserveCapacity(rows)
            starts.reserveCapacity(rows * fieldCount + 1)
            bytes.reserveCapacity(byteCount)
            origins.reserveCapacity(rows)
        }

        /// Adds `record` as a row and returns its number, or returns `nil` (adding nothing)
        /// when the record cannot be a row: it has extras, a repeated-id occurrence, a value
        /// that does not fit its field, or the table is full.
        mutating func append(_ record: Record) -> Int? {
            guard record.extras.isEmpty, record.occurrence == 0, record.values.count == fieldCount else { return nil }
            var packed = KeyOrder.Packed()
            if let order = record.keyOrder?.withoutExtras {
                guard order.codes.count <= 8 else { return nil }
                for code in order.codes { packed.append(code) }
            }
            guard let orderIndex = orderIndex(packed) else { return nil }
            var size = 0
            for (field, value) in record.values.enumerated() {
                switch value {
                case .text(let text) where textFields[field]: size += text.utf8.count
                case .date where !textFields[field]: size += 8
                default: return nil
                }
            }
            guard bytes.count + sharedValueBytes + size <= Self.capacityLimit else { return nil }
            for value in record.values {
                appendBytes(of: value)
                starts.append(UInt32(truncatingIfNeeded: bytes.count))
            }
            appendOrder(orderIndex)
            ids.append(record.id)
            return ids.count - 1
        }

        /// The index in `keyOrders` of the order `packed` (no codes: `nil`, a row made
        /// here), added when new; `nil` when the table holds as many orders as it can.
        @inline(__always)
        mutating func orderIndex(_ packed: KeyOrder.Packed) -> Int? {
            if packed == lastPacked, lastOrderIndex >= 0 { return lastOrderIndex }
            let index: Int
            if let found = packedOrders.firstIndex(of: packed) {
                index = found
            } else {
                guard packedOrders.count <= Int(UInt8.max) else { return nil }
                packedOrders.append(packed)
                keyOrders.append(packed.count == 0 ? nil : packed.order)
                index = packedOrders.count - 1
            }
            lastPacked = packed
            lastOrderIndex = index
            return index
        }

        /// Notes the order of the row being added (before its id is).
        @inline(__always)
        mutating func appendOrder(_ index: Int) {
            if rowOrders.isEmpty {
                guard index != 0 else { return }
                rowOrders = Array(repeating: 0, count: ids.count)
                rowOrders.reserveCapacity(ids.capacity)
            }
            rowOrders.append(UInt8(truncatingIfNeeded: index))
        }

        /// Adds a row as a reader has it: each text field as the UTF-8 bytes of `row` at its
        /// range in `texts`, or as a value in `values` when its range is `nil`; every other
        /// field in `values`; its keys read in the order `order`. Returns `false` (adding
        /// nothing) when a value does not fit its field or the table is full. A range
        /// outside `row` traps.
        ///
        /// `objects`, when not empty, says which object each field's value was read from
        /// (`RecordTable.valueObjects`; `RecordTable.noObject` for none).
        mutating func append(
            id: RecordID, texts: [Range<Int>?], in row: RawSpan, values: [FieldValue],
            order: KeyOrder.Packed = KeyOrder.Packed(), objects: [UInt32] = []
        ) -> Bool {
            guard let orderIndex = orderIndex(order) else { return false }
            var size = 0
            for field in 0..<fieldCount {
                if let range = texts[field] {
                    size += range.count
                    continue
                }
                switch values[field] {
                case .text(let text) where textFields[field]: size += text.utf8.count
                case .date where !textFields[field]: size += 8
                default: return false
                }
            }
            guard bytes.count + sharedValueBytes + size <= Self.capacityLimit else { return false }
            if allText, !texts.contains(nil) {
                appendTexts(texts, of: row, size: size)
            } else {
                appendValues(texts: texts, of: row, values: values)
            }
            if !objects.isEmpty { appendObjects(objects) }
            appendOrder(orderIndex)
            ids.append(id)
            return true
        }

        /// Appends the values of a row whose fields are all text given as the bytes of `row` at
        /// `texts` (`size` bytes in all), and notes where each ends: room made once for the row,
        /// and a value of up to 16 bytes copied as two words that may overlap, not by `memmove`.
        @inline(__always)
        private mutating func appendTexts(_ texts: [Range<Int>?], of row: RawSpan, size: Int) {
            var end = bytes.count
            // Every range was checked against `row` (`row.extracting`) before a byte is read
            // through the pointer, and every store is inside the `size` bytes of room made.
            unsafe row.withUnsafeBytes { source in
                bytes.append(addingCapacity: size) { output in
                    unsafe output.withUnsafeMutableBufferPointer { buffer, initialized in
                        guard let target = buffer.baseAddress, let base = source.baseAddress else { return }
                        for case let range? in texts {
                            _ = row.extracting(range)
                            let length = range.count
                            let from = unsafe base + range.lowerBound
                            let to = unsafe UnsafeMutableRawPointer(target + initialized)
                            unsafe Self.copyValue(from: from, to: to, count: length)
                            initialized &+= length
                        }
                    }
                }
            }
            for case let range? in texts {
                end &+= range.count
                starts.append(UInt32(truncatingIfNeeded: end))
            }
        }

        /// Copies a value's `count` bytes from `from` to `to`: up to 16 as two words that may
        /// overlap, not by `memmove`. Both must hold `count` bytes.
        @unsafe @inline(__always)
        static func copyValue(from: UnsafeRawPointer, to: UnsafeMutableRawPointer, count: Int) {
            if count >= 8, count <= 16 {
                let head = unsafe from.loadUnaligned(as: UInt64.self)
                let tail = unsafe from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                unsafe to.storeBytes(of: head, as: UInt64.self)
                unsafe to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
            } else if count >= 4, count < 8 {
                let head = unsafe from.loadUnaligned(as: UInt32.self)
                let tail = unsafe from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                unsafe to.storeBytes(of: head, as: UInt32.self)
                unsafe to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
            } else {
                unsafe to.copyMemory(from: from, byteCount: count)
            }
        }

        /// Appends the values of a row as `append(id:texts:in:values:order:objects:)` is given
        /// them, and notes where each ends.
        private mutating func appendValues(texts: [Range<Int>?], of row: RawSpan, values: [FieldValue]) {
            for field in 0..<fieldCount {
                if let range = texts[field] {
                    Self.append(row.extracting(range), to: &bytes)
                } else {
                    appendBytes(of: values[field])
                }
                starts.append(UInt32(truncatingIfNeeded: bytes.count))
            }
        }

        /// Notes the objects of the row being added (before its id is), after marks for
        /// the rows before that had none.
        private mutating func appendObjects(_ objects: [UInt32]) {
            let earlier = ids.count &* fieldCount
            if valueObjects.count < earlier {
                if valueObjects.isEmpty { valueObjects.reserveCapacity(starts.capacity) }
                valueObjects.append(
                    contentsOf: repeatElement(RecordTable.noObject, count: earlier - valueObjects.count))
            }
            for field in 0..<fieldCount {
                let object = objects[field]
                valueObjects.append(object)
                if object != RecordTable.noObject, Int(object) >= valueObjectBound {
                    valueObjectBound = Int(object) + 1
                }
            }
        }

        /// The text of the UTF-8 bytes of `row` at `range`, ill-formed sequences replaced as
        /// `String(decoding:as:)` does; a range outside `row` traps.
        static func text(of row: RawSpan, at range: Range<Int>) -> String {
            // The bytes are read during the call only, after `extracting` checked the range.
            unsafe row.extracting(range).withUnsafeBytes { unsafe String(decoding: $0, as: UTF8.self) }
        }

        /// Appends `bytes` to the table's values, in one copy.
        @inline(__always)
        private static func append(_ bytes: RawSpan, to values: inout [UInt8]) {
            // The bytes are read during the call only; the span has checked their bounds.
            unsafe bytes.withUnsafeBytes { unsafe values.append(contentsOf: $0) }
        }

        /// Appends the bytes that stand for `value`.
        private mutating func appendBytes(of value: FieldValue) {
            switch value {
            case .text(let text):
                bytes.append(contentsOf: text.utf8)
            case .date(let seconds):
                // The table's own storage: the `Double`'s 8 bytes, little-endian.
                unsafe withUnsafeBytes(of: seconds.bitPattern.littleEndian) { unsafe bytes.append(contentsOf: $0) }
            }
        }
    }
}
