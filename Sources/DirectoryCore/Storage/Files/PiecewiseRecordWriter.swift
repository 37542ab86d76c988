/// A writer of a text format that hands its file over in pieces as they fill up, so a
/// save of a large list never holds the whole file next to the records; the whole file
/// at once is the case of one piece.
protocol PiecewiseRecordWriter {
    /// Writes a complete file holding `records`, handing it to `emit` in pieces of at
    /// least `pieceSize` bytes (the last one shorter), in order.
    static func write(
        _ records: some RandomAccessCollection<Record>, schema: RecordSchema, pieceSize: Int,
        emit: ([UInt8]) -> Void)
}

extension PiecewiseRecordWriter {
    /// The bytes of a complete file holding `records`.
    static func write(_ records: some RandomAccessCollection<Record>, schema: RecordSchema) -> [UInt8] {
        var file: [UInt8] = []
        write(records, schema: schema, pieceSize: Int.max) { file = $0 }
        return file
    }
}
