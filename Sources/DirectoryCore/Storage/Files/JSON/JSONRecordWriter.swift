/// Writes records as a JSON list file: compact, as `JSONEncoder()` writes an
/// array of `Codable` structs, so the apps' `JSONDecoder` reads it back.
///
/// Each object holds `id` first, then the schema's fields in schema order
/// (text as strings, dates as seconds since 2001), then the record's extras
/// unchanged, in their original order.
enum JSONRecordWriter {
    /// The bytes of a complete JSON file holding `records`.
    static func write(_ records: RecordList, schema: RecordSchema) -> [UInt8] {
        var file: [UInt8] = []
        write(records, schema: schema, pieceSize: Int.max) { file.append(contentsOf: $0) }
        return file
    }

    /// The bytes of a complete JSON file holding `records`.
    static func write(_ records: [Record], schema: RecordSchema) -> [UInt8] {
        write(RecordList(records), schema: schema)
    }

    /// Writes a complete JSON file holding `records`, handing it to `emit` in pieces
    /// of at least `pieceSize` bytes (the last one shorter) as they fill up.
    ///
    /// Records still in the list's `RecordTable` are written straight from its bytes;
    /// the others (new, changed, with extras) through `Record`.
    static func write(
        _ records: RecordList, schema: RecordSchema, pieceSize: Int, emit: (UnsafeRawBufferPointer) -> Void
    ) {
        let layout = Layout(schema: schema)
        let estimate = 2 + records.count * (layout.idPrefix.count + 40 + schema.fields.count * 24)
        var sink = ByteSink(capacity: min(estimate, pieceSize) + 4096)
        var scratch: [UInt8] = []
        sink.reserve(1)
        sink.put(UInt8(ascii: "["))
        for number in records.indices {
            if let row = records.tableRow(at: number), let table = records.table {
                layout.writeRow(row, of: table, first: number == 0, to: &sink)
            } else {
                scratch.removeAll(keepingCapacity: true)
                if number > 0 { scratch.append(UInt8(ascii: ",")) }
                layout.append(records[number], to: &scratch)
                scratch.withUnsafeBytes { sink.append($0) }
            }
            if sink.count >= pieceSize {
                emit(sink.bytes)
                sink.removeAll()
            }
        }
        sink.reserve(1)
        sink.put(UInt8(ascii: "]"))
        emit(sink.bytes)
    }

    /// The fixed parts of every record of a schema, escaped once rather than once per record.
    private struct Layout {
        let fields: [Field]
        /// `{"id":"`.
        let idPrefix: [UInt8] = Array(#"{"id":""#.utf8)
        /// `,"name":` for each field.
        let fieldPrefixes: [[UInt8]]
        /// The most bytes the fixed parts of one record take.
        let fixedBound: Int

        init(schema: RecordSchema) {
            fields = schema.fields
            fieldPrefixes = fields.map { field in
                var prefix: [UInt8] = [UInt8(ascii: ",")]
                JSONStringEscaper.appendQuoted(field.name, to: &prefix)
                prefix.append(UInt8(ascii: ":"))
                return prefix
            }
            // `,` `{"id":"` 36 digits `"`, each field's prefix, quotes or a number (at most 32), `}`.
            fixedBound = 1 + idPrefix.count + 36 + 1 + fieldPrefixes.reduce(0) { $0 + $1.count + 32 } + 1
        }

        /// Writes table row `row`, preceded by a comma unless it is the first record.
        @inline(__always)
        func writeRow(_ row: Int, of table: RecordTable, first: Bool, to sink: inout ByteSink) {
            // An escape is at most 6 bytes for 1.
            sink.reserve(fixedBound + 6 * table.byteCount(ofRow: row))
            if !first { sink.put(UInt8(ascii: ",")) }
            idPrefix.withUnsafeBytes { sink.put($0) }
            table.id(at: row).writeUTF8(to: sink.cursor)
            sink.advance(36)
            sink.put(UInt8(ascii: "\""))
            for index in fields.indices {
                fieldPrefixes[index].withUnsafeBytes { sink.put($0) }
                table.withValueBytes(row: row, field: index) { value in
                    if fields[index].isText {
                        sink.put(UInt8(ascii: "\""))
                        Self.putEscaped(value, to: &sink)
                        sink.put(UInt8(ascii: "\""))
                    } else {
                        var number: [UInt8] = []
                        JSONNumberWriter.appendSeconds(RecordTable.date(from: value), to: &number)
                        number.withUnsafeBytes { sink.put($0) }
                    }
                }
            }
            sink.put(UInt8(ascii: "}"))
        }

        /// Stores UTF-8 `text` escaped as `JSONStringEscaper` does; room must be reserved.
        @inline(__always)
        private static func putEscaped(_ text: UnsafeBufferPointer<UInt8>, to sink: inout ByteSink) {
            var runStart = 0
            for index in 0..<text.count {
                let byte = text[index]
                guard
                    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
                else { continue }
                sink.put(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[runStart..<index])))
                var escape: [UInt8] = []
                JSONStringEscaper.appendEscaped(UnsafeBufferPointer(rebasing: text[index..<index + 1]), to: &escape)
                escape.withUnsafeBytes { sink.put($0) }
                runStart = index + 1
            }
            sink.put(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[runStart...])))
        }

        /// Appends a whole record: its id, fields and extras.
        func append(_ record: Record, to output: inout [UInt8]) {
            output.append(contentsOf: idPrefix)
            record.id.appendUTF8(to: &output)
            output.append(UInt8(ascii: "\""))
            for index in fields.indices {
                output.append(contentsOf: fieldPrefixes[index])
                let value = index < record.values.count ? record.values[index] : fields[index].defaultValue
                switch value {
                case .text(let text): JSONStringEscaper.appendQuoted(text, to: &output)
                case .date(let seconds): JSONNumberWriter.appendSeconds(seconds, to: &output)
                }
            }
            for extra in record.extras {
                output.append(UInt8(ascii: ","))
                JSONStringEscaper.appendQuoted(extra.key, to: &output)
                output.append(UInt8(ascii: ":"))
                JSONValueWriter.append(extra.value, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}
