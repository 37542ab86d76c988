/// Writes records as a JSON list file: compact, as `JSONEncoder()` writes an
/// array of `Codable` structs, so the apps' `JSONDecoder` reads it back.
///
/// Each object holds `id`, the kind's fields (text as strings, dates as seconds
/// since 2001) and the record's extras unchanged, in the order the record's keys were
/// read (`Record.keyOrder`); a record made here takes the order of the list's first
/// record read from a file, or `id` then the fields in kind order.
enum JSONRecordWriter {
    /// The bytes of a complete JSON file holding `records`.
    static func write(_ records: RecordList, kind: ListKind) -> [UInt8] {
        var file: [UInt8] = []
        write(records, kind: kind, pieceSize: Int.max) { file.append($0) }
        return file
    }

    /// The bytes of a complete JSON file holding `records`.
    static func write(_ records: [Record], kind: ListKind) -> [UInt8] {
        write(RecordList(records), kind: kind)
    }

    /// Writes a complete JSON file holding `records`, handing it to `emit` in pieces
    /// of at least `pieceSize` bytes (the last one shorter) as they fill up.
    ///
    /// Records still in the list's `RecordTable`, and those `new` added to its growing table,
    /// are written straight from their bytes; the others (changed, with extras) through `Record`.
    ///
    /// With `skipping`, the file's bytes before its record `skipping` (the `[` and the records
    /// before) are left out: `emit` gets the rest, from that record's `,` on.
    static func write(
        _ records: RecordList, kind: ListKind, pieceSize: Int, skipping: Int = 0, emit: (Span<UInt8>) -> Void
    ) {
        let layout = Layout(records, kind: kind)
        let estimate = 2 + (records.count - skipping) * (layout.fixedBound + kind.fields.count * 16)
        var sink = ByteSink(capacity: min(estimate, pieceSize) + 4096)
        if skipping == 0 { sink.put(UInt8(ascii: "[")) }
        if let table = records.table {
            // The table's values and their offsets, borrowed once for every row.
            table.withStorage { values, starts in
                write(
                    records, from: skipping, layout: layout, table: table, values: values, starts: starts, to: &sink,
                    pieceSize: pieceSize, emit: emit)
            }
        } else {
            write(
                records, from: skipping, layout: layout, table: nil, values: Span(), starts: Span(), to: &sink,
                pieceSize: pieceSize, emit: emit)
        }
        sink.put(UInt8(ascii: "]"))
        emit(sink.bytes)
    }

    /// The records of `records` into `sink`, handed to `emit` in pieces of at least
    /// `pieceSize` bytes as they fill up (the rest stays in `sink`); `values` and `starts`
    /// are `table`'s storage (`RecordTable.withStorage`).
    private static func write(
        _ records: RecordList, from first: Int, layout: Layout, table: RecordTable?, values: Span<UInt8>,
        starts: Span<UInt32>, to sink: inout ByteSink, pieceSize: Int, emit: (Span<UInt8>) -> Void
    ) {
        records.withGrowingStorage { grownIDs, grownValues, grownStarts in
            write(
                records, from: first, layout: layout, table: table, values: values, starts: starts,
                grown: (grownIDs, grownValues, grownStarts), to: &sink, pieceSize: pieceSize, emit: emit)
        }
    }

    /// The records of `records` into `sink`, as above; `grown` is the list's growing table's
    /// storage (`RecordList.withGrowingStorage`).
    private static func write(
        _ records: RecordList, from first: Int, layout: Layout, table: RecordTable?, values: Span<UInt8>,
        starts: Span<UInt32>, grown: (ids: Span<RecordID>, values: Span<UInt8>, starts: Span<UInt32>),
        to sink: inout ByteSink, pieceSize: Int, emit: (Span<UInt8>) -> Void
    ) {
        var scratch: [UInt8] = []
        let fieldCount = layout.fields.count
        for number in first..<records.count {
            if let row = records.tableRow(at: number), let table {
                layout.writeRow(
                    id: table.id(at: row), order: table.keyOrderIndex(ofRow: row), valueStart: row &* fieldCount,
                    values: values, starts: starts, first: number == 0, to: &sink)
            } else if let row = records.growingRow(at: number) {
                layout.writeRow(
                    id: grown.ids[row], order: layout.fallbackOrder, valueStart: row &* fieldCount,
                    values: grown.values, starts: grown.starts, first: number == 0, to: &sink)
            } else {
                layout.write(records[number], first: number == 0, to: &sink, scratch: &scratch)
            }
            if sink.count >= pieceSize {
                emit(sink.bytes)
                sink.removeAll()
            }
        }
    }

    /// The fixed parts of every record of a kind, escaped once rather than once per record.
    struct Layout {
        let fields: [Field]
        /// `"id":` and `"name":` for each field, by key code.
        let keyPrefixes: [[UInt8]]
        /// `keyPrefixes` end to end, and where each starts (and the last ends), so that a row
        /// takes each from one array without retaining another.
        let keyPrefixBytes: [UInt8]
        let keyPrefixStarts: [Int]
        /// Whether each field holds text.
        let textFields: [Bool]
        /// Whether every field holds text (a row's bytes are then all text).
        let allText: Bool
        /// The resolved key order of each of the table's orders (`RecordTable.resolvedKeyOrders`),
        /// then `fallback`'s, for the rows of the list's growing table.
        let rowOrders: [UInt8]
        /// The number of `fallback`'s order in `rowOrders`.
        let fallbackOrder: Int
        /// The order of a record made here.
        let fallback: KeyOrder
        /// `fallback` resolved for a record without extras: most records written through
        /// `Record` (new ones, and those read in the list's first order) share it.
        let fallbackCodes: [UInt8]
        /// The most bytes the fixed parts of one record take.
        let fixedBound: Int
        /// For each of the table's orders, what comes before each value and after the last, end
        /// to end: the close of the value before (`"` after the id or a text), `{` or `,`, the
        /// key and `:`, and the open of this value (`"`); after the last, its close and `}`.
        let joinerBytes: [UInt8]
        /// Where each joiner starts in `joinerBytes` (and the last ends): `1 + fields.count + 1`
        /// joiners per order.
        let joinerStarts: [Int]

        /// The layout the writer uses for `records`.
        init(_ records: RecordList, kind: ListKind) {
            let fallback = records.firstKeyOrder ?? .declared(fieldCount: kind.fields.count)
            self.init(kind: kind, table: records.table, fallback: fallback)
        }

        init(kind: ListKind, table: RecordTable?, fallback: KeyOrder) {
            fields = kind.fields
            keyPrefixes = (["id"] + fields.map(\.name)).map { name in
                var prefix: [UInt8] = []
                JSONStringEscaper.appendQuoted(name, to: &prefix)
                prefix.append(UInt8(ascii: ":"))
                return prefix
            }
            keyPrefixBytes = keyPrefixes.flatMap { $0 }
            keyPrefixStarts = keyPrefixes.reduce(into: [0]) { $0.append(($0.last ?? 0) + $1.count) }
            textFields = fields.map(\.isText)
            allText = !textFields.contains(false)
            self.fallback = fallback
            fallbackCodes = fallback.resolved(fieldCount: fields.count, extraCount: 0)
            let tableOrders = table?.resolvedKeyOrders(fallback: fallback) ?? []
            rowOrders = tableOrders + fallbackCodes
            fallbackOrder = tableOrders.count / keyPrefixes.count
            // `,` `{`, each key's prefix and a comma, `"` 36 digits `"`, quotes or a number (at most 32), `}`.
            fixedBound = 2 + keyPrefixes.reduce(0) { $0 + $1.count + 1 } + 38 + fields.count * 32 + 1
            (joinerBytes, joinerStarts) = Self.joiners(
                orders: rowOrders, keyPrefixes: keyPrefixes, textFields: textFields)
        }

        /// `joinerBytes` and `joinerStarts` for the resolved orders `orders`.
        private static func joiners(orders: [UInt8], keyPrefixes: [[UInt8]], textFields: [Bool]) -> ([UInt8], [Int]) {
            let keyCount = keyPrefixes.count
            var bytes: [UInt8] = []
            var starts = [0]
            for order in 0..<(orders.count / keyCount) {
                var quoted = false
                for position in 0...keyCount {
                    if quoted { bytes.append(UInt8(ascii: "\"")) }
                    if position == keyCount {
                        bytes.append(UInt8(ascii: "}"))
                    } else {
                        bytes.append(position == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
                        let code = Int(orders[order * keyCount + position])
                        bytes += keyPrefixes[code]
                        quoted = code == 0 || textFields[code - 1]
                        if quoted { bytes.append(UInt8(ascii: "\"")) }
                    }
                    starts.append(bytes.count)
                }
            }
            return (bytes, starts)
        }

        /// Writes a row of a table, preceded by a comma unless it is the first record: the id
        /// `id` and each value, from `values` at `starts[valueStart...]`, between the joiners of
        /// the row's order (its number in `rowOrders`).
        @inline(__always)
        func writeRow(
            id: RecordID, order: Int, valueStart: Int, values: Span<UInt8>, starts: Span<UInt32>, first: Bool,
            to sink: inout ByteSink
        ) {
            let fieldCount = fields.count
            let rowStart = Int(starts[valueStart])
            let byteCount = Int(starts[valueStart &+ fieldCount]) &- rowStart
            // An escape is at most 6 bytes for 1.
            sink.reserve(fixedBound + 6 * byteCount)
            // A row of text only whose bytes need no escape (nearly every row) is checked once,
            // and each value copied as it is.
            let plain = allText && !Self.needsEscape(values.extracting(rowStart..<(rowStart &+ byteCount)))
            if !first { sink.put(UInt8(ascii: ",")) }
            let keyCount = 1 &+ fields.count
            let orderStart = order &* keyCount
            var joiner = order &* (keyCount &+ 1)
            let joiners = joinerBytes.span
            for position in 0..<keyCount {
                sink.put(joiners.extracting(joinerStarts[joiner]..<joinerStarts[joiner &+ 1]))
                joiner &+= 1
                let code = Int(rowOrders[orderStart &+ position])
                guard code > 0 else {
                    sink.write(atMost: 36) { id.writeUTF8(to: &$0) }
                    continue
                }
                let field = code &- 1
                let value = values.extracting(
                    Int(starts[valueStart &+ field])..<Int(starts[valueStart &+ field &+ 1]))
                if plain {
                    sink.put(value)
                } else if textFields[field] {
                    Self.putEscaped(value, to: &sink)
                } else {
                    var number: [UInt8] = []
                    JSONNumberWriter.appendSeconds(RecordTable.date(from: value), to: &number)
                    sink.put(number.span)
                }
            }
            sink.put(joiners.extracting(joinerStarts[joiner]..<joinerStarts[joiner &+ 1]))
        }

        /// Whether a byte of `text` is written as an escape sequence (`JSONStringEscaper`):
        /// eight bytes at a time, the last eight overlapping those before.
        @inline(__always)
        static func needsEscape(_ text: Span<UInt8>) -> Bool {
            let count = text.count
            guard count >= 8 else {
                for index in 0..<count where JSONStringEscaper.needsEscape(text[index]) { return true }
                return false
            }
            var index = 0
            while index &+ 8 <= count {
                if JSONStringEscaper.needsEscape(anyOf: text.word64(at: index)) { return true }
                index &+= 8
            }
            return index < count && JSONStringEscaper.needsEscape(anyOf: text.word64(at: count &- 8))
        }

        /// Stores UTF-8 `text` escaped as `JSONStringEscaper` does.
        @inline(__always)
        private static func putEscaped(_ text: Span<UInt8>, to sink: inout ByteSink) {
            var runStart = 0
            var index = 0
            while index < text.count {
                if let word = text.word64(ifFitsAt: index), !JSONStringEscaper.needsEscape(anyOf: word) {
                    index &+= 8
                    continue
                }
                let byte = text[index]
                index &+= 1
                guard JSONStringEscaper.needsEscape(byte) else { continue }
                sink.put(text.extracting(runStart..<(index &- 1)))
                var escape: [UInt8] = []
                JSONStringEscaper.appendEscape(for: byte, to: &escape)
                sink.put(escape.span)
                runStart = index
            }
            sink.put(text.extracting(runStart..<text.count))
        }

        /// Writes a whole record, preceded by a comma unless it is the first: straight into
        /// the sink, or through `scratch` (`append(_:to:)`) when it has extras.
        @inline(__always)
        func write(_ record: Record, first: Bool, to sink: inout ByteSink, scratch: inout [UInt8]) {
            let order = record.keyOrder ?? fallback
            guard record.extras.isEmpty else {
                scratch.removeAll(keepingCapacity: true)
                if !first { scratch.append(UInt8(ascii: ",")) }
                append(record, to: &scratch)
                sink.put(scratch.span)
                return
            }
            let codes = order == fallback ? fallbackCodes : order.resolved(fieldCount: fields.count, extraCount: 0)
            var textBytes = 0
            for index in fields.indices {
                if case .text(let text) = value(of: record, field: index) { textBytes &+= text.utf8.count }
            }
            // An escape is at most 6 bytes for 1.
            sink.reserve(fixedBound + 6 * textBytes)
            if !first { sink.put(UInt8(ascii: ",")) }
            let prefixes = keyPrefixBytes.span
            for (position, code) in codes.enumerated() {
                sink.put(position == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
                let code = Int(code)
                sink.put(prefixes.extracting(keyPrefixStarts[code]..<keyPrefixStarts[code &+ 1]))
                guard code > 0 else {
                    sink.put(UInt8(ascii: "\""))
                    sink.write(atMost: 36) { record.id.writeUTF8(to: &$0) }
                    sink.put(UInt8(ascii: "\""))
                    continue
                }
                switch value(of: record, field: code &- 1) {
                case .text(var text):
                    text.makeContiguousUTF8()
                    sink.put(UInt8(ascii: "\""))
                    Self.putEscaped(text.utf8.span, to: &sink)
                    sink.put(UInt8(ascii: "\""))
                case .date(let seconds):
                    var number: [UInt8] = []
                    JSONNumberWriter.appendSeconds(seconds, to: &number)
                    sink.put(number.span)
                }
            }
            sink.put(UInt8(ascii: "}"))
        }

        /// Field `index` of `record`, or the field's default when the record has fewer values.
        @inline(__always)
        private func value(of record: Record, field index: Int) -> FieldValue {
            index < record.values.count ? record.values[index] : fields[index].defaultValue
        }

        /// Appends a whole record: its id, fields and extras, in its key order.
        func append(_ record: Record, to output: inout [UInt8]) {
            let order = record.keyOrder ?? fallback
            let codes =
                record.extras.isEmpty && order == fallback
                ? fallbackCodes : order.resolved(fieldCount: fields.count, extraCount: record.extras.count)
            var extra = 0
            for (position, code) in codes.enumerated() {
                output.append(position == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
                if code == KeyOrder.extraCode {
                    JSONStringEscaper.appendQuoted(record.extras[extra].key, to: &output)
                    output.append(UInt8(ascii: ":"))
                    JSONValueWriter.append(record.extras[extra].value, to: &output)
                    extra += 1
                    continue
                }
                output.append(contentsOf: keyPrefixes[Int(code)])
                guard code > 0 else {
                    output.append(UInt8(ascii: "\""))
                    record.id.appendUTF8(to: &output)
                    output.append(UInt8(ascii: "\""))
                    continue
                }
                let index = Int(code) - 1
                let value = index < record.values.count ? record.values[index] : fields[index].defaultValue
                switch value {
                case .text(let text): JSONStringEscaper.appendQuoted(text, to: &output)
                case .date(let seconds): JSONNumberWriter.appendSeconds(seconds, to: &output)
                }
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}
