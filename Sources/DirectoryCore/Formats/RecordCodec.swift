/// Reads and writes whole lists of records in any `FileFormat`.
///
/// Each format has its own byte-level reader and writer, specialised for
/// records: Foundation's coders are exact but several times slower, and
/// cannot keep keys a record type does not declare.
public enum RecordCodec {
    /// Reads the records in `bytes`.
    ///
    /// - Parameters:
    ///   - kind: the kind to read, or `nil` to let the first record decide.
    ///   - fallback: the kind of an empty list when `kind` is `nil`.
    public static func decode(
        _ bytes: RawSpan, format: FileFormat, kind: ListKind?,
        fallback: ListKind = .person
    ) throws(FileFormatError) -> (kind: ListKind, records: RecordList) {
        try decode(bytes, format: format, kind: kind, fallback: fallback, split: .automatic)
    }

    /// Reads the records in `bytes`, a binary property list's records in runs on as many
    /// threads as `split` allows, a large XML property list's in two parts when it allows more
    /// than one (JSON's on one thread): the same result as on one.
    static func decode(
        _ bytes: RawSpan, format: FileFormat, kind: ListKind?, fallback: ListKind, split: RecordReadSplit
    ) throws(FileFormatError) -> (kind: ListKind, records: RecordList) {
        var builder = RecordBuilder(kind: kind, fallback: fallback, sizeHint: bytes.byteCount)
        switch format {
        case .json:
            try JSONRecordReader.read(Span(_bytes: bytes), into: &builder)
        case .binaryPlist:
            try BinaryPlistRecordReader.read(bytes, into: &builder, split: split)
        case .xmlPlist:
            try XMLPlistRecordReader.read(bytes, into: &builder, split: split.parts > 1 ? .automatic : .oneThread)
        }
        return builder.finish()
    }

    /// Encodes `records` as a complete file in `format`.
    public static func encode(_ records: RecordList, kind: ListKind, format: FileFormat) -> [UInt8] {
        switch format {
        case .json: return JSONRecordWriter.write(records, kind: kind)
        case .binaryPlist: return BinaryPlistRecordWriter.write(records, kind: kind)
        case .xmlPlist: return XMLPlistRecordWriter.write(records, kind: kind)
        }
    }

    /// Encodes `records` as a complete file in `format`.
    public static func encode(_ records: [Record], kind: ListKind, format: FileFormat) -> [UInt8] {
        encode(RecordList(records), kind: kind, format: format)
    }

    /// Encodes `records` as a complete file in `format`, handing the bytes to `piece`
    /// in order: in pieces of about a megabyte for JSON and XML property lists (so a
    /// save of a large list holds no second copy of it); a binary property list, whose
    /// object references are known only at the end, in pieces of its finished bytes.
    public static func encode(
        _ records: RecordList, kind: ListKind, format: FileFormat, into piece: (RawSpan) -> Void
    ) {
        let pieceSize = 1 << 20
        switch format {
        case .json:
            JSONRecordWriter.write(records, kind: kind, pieceSize: pieceSize) { $0.withRawBytes(piece) }
        case .xmlPlist:
            XMLPlistRecordWriter.write(records, kind: kind, pieceSize: pieceSize) { $0.withRawBytes(piece) }
        case .binaryPlist:
            let bytes = BinaryPlistRecordWriter.write(records, kind: kind)
            bytes.span.withRawBytes(piece)
        }
    }

    /// How many of the first records of `records`, and how many bytes from the start of the JSON
    /// file they were read from, a save may copy from that file instead of encoding them: the
    /// writer would write the same bytes (`JSONRecordWriter.copyablePrefix`). `matches` says
    /// whether the file holds the given bytes at the given offset, for rows that must be compared.
    package static func copyableJSONPrefix(
        _ records: RecordList, kind: ListKind, fileSize: Int, matches: (_ offset: Int, _ bytes: Span<UInt8>) -> Bool
    ) -> (records: Int, bytes: Int) {
        JSONRecordWriter.copyablePrefix(records, kind: kind, fileSize: fileSize, matches: matches)
    }

    /// Encodes `records` as a JSON file as `encode(_:kind:format:into:)` does, but for the bytes
    /// before record `skipping` (the `[` and the records before it), which are left out.
    package static func encodeJSON(
        _ records: RecordList, kind: ListKind, skipping: Int, into piece: (RawSpan) -> Void
    ) {
        JSONRecordWriter.write(records, kind: kind, pieceSize: 1 << 20, skipping: skipping) { $0.withRawBytes(piece) }
    }
}
