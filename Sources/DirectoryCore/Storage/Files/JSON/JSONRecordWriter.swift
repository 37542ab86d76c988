/// Writes records as a JSON list file: compact, as `JSONEncoder()` writes an
/// array of `Codable` structs, so the apps' `JSONDecoder` reads it back.
///
/// Each object holds `id` first, then the schema's fields in schema order
/// (text as strings, dates as seconds since 2001), then the record's extras
/// unchanged, in their original order.
enum JSONRecordWriter: PiecewiseRecordWriter {
    /// Writes a complete JSON file holding `records`, handing it to `emit` in pieces
    /// of at least `pieceSize` bytes (the last one shorter) as they fill up.
    static func write(
        _ records: some RandomAccessCollection<Record>, schema: RecordSchema, pieceSize: Int,
        emit: ([UInt8]) -> Void
    ) {
        let fields = schema.fields
        // `,"name":` for each field, escaped once rather than once per record.
        let fieldPrefixes: [[UInt8]] = fields.map { field in
            var prefix: [UInt8] = [UInt8(ascii: ",")]
            JSONStringEscaper.appendQuoted(field.name, to: &prefix)
            prefix.append(UInt8(ascii: ":"))
            return prefix
        }
        let idPrefix: [UInt8] = Array(#"{"id":""#.utf8)
        var output: [UInt8] = []
        let estimate = 2 + records.count * (idPrefix.count + 40 + fields.count * 24)
        output.reserveCapacity(pieceSize == Int.max ? estimate + estimate / 8 : min(estimate, pieceSize + 4096))
        output.append(UInt8(ascii: "["))
        for (number, record) in records.enumerated() {
            if number > 0 { output.append(UInt8(ascii: ",")) }
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
            if output.count >= pieceSize {
                emit(output)
                output.removeAll(keepingCapacity: true)
            }
        }
        output.append(UInt8(ascii: "]"))
        emit(output)
    }
}
