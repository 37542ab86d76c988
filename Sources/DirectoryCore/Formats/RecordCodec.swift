/// Reads and writes whole lists of records in any `FileFormat`.
///
/// Each format has its own byte-level reader and writer, specialised for
/// records: Foundation's coders are exact but several times slower, and
/// cannot keep keys a record type does not declare.
public enum RecordCodec {
    /// Reads the records in `bytes`.
    ///
    /// - Parameters:
    ///   - schema: the kind to read, or `nil` to let the first record decide.
    ///   - fallback: the kind of an empty list when `schema` is `nil`.
    public static func decode(
        _ bytes: RawSpan, format: FileFormat, schema: RecordSchema?,
        fallback: RecordSchema = .person
    ) throws(FileFormatError) -> (schema: RecordSchema, records: RecordList) {
        var builder = RecordBuilder(schema: schema, fallback: fallback, sizeHint: bytes.byteCount)
        switch format {
        case .json:
            try JSONRecordReader.read(Span(_bytes: bytes), into: &builder)
        case .binaryPlist:
            try BinaryPlistRecordReader.read(bytes, into: &builder)
        case .xmlPlist:
            try XMLPlistRecordReader.read(bytes, into: &builder)
        }
        return builder.finish()
    }

    /// Encodes `records` as a complete file in `format`.
    public static func encode(_ records: RecordList, schema: RecordSchema, format: FileFormat) -> [UInt8] {
        switch format {
        case .json: return JSONRecordWriter.write(records, schema: schema)
        case .binaryPlist: return BinaryPlistRecordWriter.write(records, schema: schema)
        case .xmlPlist: return XMLPlistRecordWriter.write(records, schema: schema)
        }
    }

    /// Encodes `records` as a complete file in `format`.
    public static func encode(_ records: [Record], schema: RecordSchema, format: FileFormat) -> [UInt8] {
        encode(RecordList(records), schema: schema, format: format)
    }

    /// Encodes `records` as a complete file in `format`, handing the bytes to `piece`
    /// in order: in pieces of about a megabyte for JSON and XML property lists (so a
    /// save of a large list holds no second copy of it); a binary property list, whose
    /// object references are known only at the end, in pieces of its finished bytes.
    public static func encode(
        _ records: RecordList, schema: RecordSchema, format: FileFormat, into piece: (RawSpan) -> Void
    ) {
        let pieceSize = 1 << 20
        switch format {
        case .json:
            JSONRecordWriter.write(records, schema: schema, pieceSize: pieceSize) { $0.withRawBytes(piece) }
        case .xmlPlist:
            XMLPlistRecordWriter.write(records, schema: schema, pieceSize: pieceSize) { $0.span.withRawBytes(piece) }
        case .binaryPlist:
            let bytes = BinaryPlistRecordWriter.write(records, schema: schema)
            bytes.span.withRawBytes(piece)
        }
    }
}
