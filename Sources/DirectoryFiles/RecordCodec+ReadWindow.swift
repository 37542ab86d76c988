import DirectoryCore

extension RecordCodec {
    /// Reads the records of the JSON file in `window`, a window at a time.
    static func decodeJSON(
        _ window: inout ReadWindow, kind: ListKind?, fallback: ListKind
    ) throws(FileFormatError) -> (kind: ListKind, records: RecordList) {
        var builder = RecordBuilder(kind: kind, fallback: fallback, sizeHint: window.expectedSize)
        try JSONRecordStream.read(&window, into: &builder)
        return builder.finish()
    }
}
