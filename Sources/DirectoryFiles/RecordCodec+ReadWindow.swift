import DirectoryCore

extension RecordCodec {
    /// Reads the records of the JSON file in `window`, a window at a time.
    static func decodeJSON(
        _ window: inout ReadWindow, schema: RecordSchema?, fallback: RecordSchema
    ) throws(FileFormatError) -> (schema: RecordSchema, records: RecordList) {
        var builder = RecordBuilder(schema: schema, fallback: fallback, sizeHint: window.expectedSize)
        try JSONRecordStream.read(&window, into: &builder)
        return builder.finish()
    }
}
