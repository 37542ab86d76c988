/// What every reader target checks: reading never crashes, and a list that
/// was read can be written in the same format and read back to the same records.
enum ReaderProperty {
    /// Decodes `bytes` as `format` with each way of choosing the kind, and
    /// checks the round trip of whatever decodes.
    static func check(_ bytes: UnsafeRawBufferPointer, format: FileFormat) {
        for schema in [nil, RecordSchema.person, RecordSchema.bucket] {
            guard let decoded = try? RecordCodec.decode(bytes, format: format, schema: schema) else { continue }
            let written = RecordCodec.encode(decoded.records, schema: decoded.schema, format: format)
            let reread = written.withUnsafeBytes { buffer in
                Result { () throws(FileFormatError) in
                    try RecordCodec.decode(buffer, format: format, schema: decoded.schema)
                }
            }
            if format != .binaryPlist {
                checkPieces(decoded.records, schema: decoded.schema, format: format, whole: written)
            }
            switch reread {
            case .success(let again):
                if again.records.count != decoded.records.count {
                    fatalError("round trip changed the number of records")
                }
            case .failure(let error):
                fatalError("a written \(format) list does not read back: \(error.description)")
            }
        }
    }

    /// A save writes and hashes the file in pieces (JSON and XML property lists): small
    /// pieces must add up to the same bytes and the same hash as the file written whole.
    static func checkPieces(_ records: [Record], schema: RecordSchema, format: FileFormat, whole: [UInt8]) {
        var joined: [UInt8] = []
        var hash = ContentHash()
        let emit = { (piece: [UInt8]) in
            joined += piece
            piece.withUnsafeBytes { hash.add($0) }
        }
        if format == .json {
            JSONRecordWriter.write(records, schema: schema, pieceSize: 7, emit: emit)
        } else {
            XMLPlistRecordWriter.write(records, schema: schema, pieceSize: 7, emit: emit)
        }
        if joined != whole { fatalError("the \(format) written in pieces differs from the file written whole") }
        if hash.value != ContentHash.of(whole) { fatalError("the hash of the pieces differs from the whole's") }
    }
}
