extension RecordList {
    /// Builds a list record by record as a reader finds them: each record goes into the
    /// table when it fits a row, and is kept whole when it does not.
    public struct Builder: Sendable {
        // Not private: `append(contentsOf:)` (RecordTable+Joining.swift) joins two builders.
        var table: RecordTable.Builder
        var slots: [Int] = []
        var loose: [Record] = []
        var loosePositions: [Int] = []

        /// An empty list of `kind`'s records, with room made for about `rows` records
        /// holding `bytes` bytes of values (room never touched costs no memory).
        public init(kind: ListKind, rows: Int = 0, bytes: Int = 0) {
            table = RecordTable.Builder(kind: kind)
            table.reserve(rows: rows, bytes: bytes)
            slots.reserveCapacity(rows)
        }

        /// The number of records so far.
        public var count: Int { slots.count }

        /// Adds a record.
        public mutating func append(_ record: Record) {
            if let row = table.append(record) {
                slots.append(row)
            } else {
                loose.append(record)
                loosePositions.append(slots.count)
                slots.append(~(loose.count - 1))
            }
        }

        /// Adds a record without extras as a reader has it: each text field as the UTF-8
        /// bytes of `row` at its range in `texts` (read during the call only) or, when its
        /// range is `nil`, as a value in `values`; every other field in `values`. No string
        /// is made when the record fits a row. A range outside `row` traps.
        public mutating func append(id: RecordID, texts: [Range<Int>?], in row: RawSpan, values: [FieldValue]) {
            append(id: id, texts: texts, in: row, values: values, order: KeyOrder.Packed())
        }

        /// Adds a record without extras as a reader has it, as `append(id:texts:in:values:)`
        /// does, its keys read in the order `order`. No string is made when the record fits
        /// a row.
        ///
        /// `objects`, when not empty, says which binary property list object each field's
        /// value was read from (`RecordTable.valueObjects`).
        mutating func append(
            id: RecordID, texts: [Range<Int>?], in row: RawSpan, values: [FieldValue], order: KeyOrder.Packed,
            objects: [UInt32] = []
        ) {
            if table.append(id: id, texts: texts, in: row, values: values, order: order, objects: objects) {
                slots.append(table.count - 1)
                return
            }
            var values = values
            for (index, range) in texts.enumerated() {
                if let range { values[index] = .text(RecordTable.Builder.text(of: row, at: range)) }
            }
            append(Record(id: id, values: values, keyOrder: order.count == 0 ? nil : order.order))
        }

        /// Adds a record whose fields are all text as `RecordTable.Builder.appendTextRow` takes
        /// it; kept whole (its values made `String`s) when the table is full.
        mutating func appendTextRow(
            id: RecordID, texts: Span<Range<Int>>, pooled: Int, file: RawSpan, pool: RawSpan,
            order: KeyOrder.Packed, objects: Span<UInt32>
        ) {
            if table.appendTextRow(
                id: id, texts: texts, pooled: pooled, file: file, pool: pool, order: order, objects: objects)
            {
                slots.append(table.count - 1)
                return
            }
            var values: [FieldValue] = []
            for field in 0..<table.fieldCount {
                let source = pooled & (1 << field) != 0 ? pool : file
                values.append(.text(RecordTable.Builder.text(of: source, at: texts[field])))
            }
            append(Record(id: id, values: values, keyOrder: order.count == 0 ? nil : order.order))
        }

        /// Notes where the record just added was in the file, when it is a table row.
        @inline(__always)
        mutating func noteOrigin(_ origin: RecordOrigin) {
            guard let slot = slots.last, slot >= 0 else { return }
            table.noteOrigin(origin, row: slot)
        }

        /// Says which file the rows' origins are in (`RecordSource`).
        mutating func setSource(_ source: RecordSource) {
            table.source = source
        }

        /// The list built.
        public func finish() -> RecordList {
            RecordList(table: RecordTable(table), slots: slots, loose: loose, loosePositions: loosePositions)
        }
    }
}
