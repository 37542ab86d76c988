/// What of a JSON file a save may copy from the file the list was read from, instead of
/// encoding it again: the longest run of records from the first that the file held, in its
/// order, each exactly as the writer writes it (`RecordOrigin`). The new file begins with the
/// same bytes as that file up to the end of the run's last record.
extension JSONRecordWriter {
    /// How many of the first records of `records`, and how many of the file's bytes (from its
    /// start to the end of the last of them), are what the writer would write for them.
    ///
    /// A record counts when it is still row `n` of the list's table at position `n`, its
    /// origin starts one byte after the end of the record before (at offset 1 for the first:
    /// the file starts `[{`), and its bytes are the writer's: for a plain origin, its length
    /// is the writer's and the writer escapes none of its bytes; for any other, `matches`
    /// (given the file offset and the writer's bytes) says the file holds the same bytes.
    /// Those byte-by-byte comparisons stop after `compareLimit` bytes in all.
    static func copyablePrefix(
        _ records: RecordList, kind: ListKind, compareLimit: Int = 64 << 10,
        matches: (_ offset: Int, _ bytes: Span<UInt8>) -> Bool
    ) -> (records: Int, bytes: Int) {
        guard let table = records.table, !table.origins.isEmpty else { return (0, 0) }
        let layout = Layout(records, kind: kind)
        let fieldCount = layout.fields.count
        var compared = 0
        var end = 0
        var count = 0
        table.withStorage { values, starts in
            for number in 0..<min(records.count, table.count) {
                guard records.tableRow(at: number) == number else { return }
                let origin = table.origin(ofRow: number)
                guard origin.isKnown, origin.offset == end &+ 1 else { return }
                let order = table.keyOrderIndex(ofRow: number)
                let valueStart = number &* fieldCount
                if !(origin.isPlain
                    && layout.plainRowLength(order: order, valueStart: valueStart, values: values, starts: starts)
                        == origin.length)
                {
                    guard compared &+ origin.length <= compareLimit else { return }
                    compared &+= origin.length
                    var sink = ByteSink(capacity: origin.length &+ 64)
                    layout.writeRow(
                        id: table.id(at: number), order: order, valueStart: valueStart, values: values,
                        starts: starts, first: true, to: &sink)
                    guard sink.count == origin.length, matches(origin.offset, sink.bytes) else { return }
                }
                end = origin.end
                count = number &+ 1
            }
        }
        return (count, end)
    }
}

extension JSONRecordWriter.Layout {
    /// The number of bytes `writeRow` writes for a row of text whose values need no escape
    /// (without the comma before it), or -1 for any other row.
    @inline(__always)
    func plainRowLength(order: Int, valueStart: Int, values: Span<UInt8>, starts: Span<UInt32>) -> Int {
        guard allText else { return -1 }
        let rowStart = Int(starts[valueStart])
        let byteCount = Int(starts[valueStart &+ fields.count]) &- rowStart
        guard !Self.needsEscape(values.extracting(rowStart..<(rowStart &+ byteCount))) else { return -1 }
        let keyCount = 1 &+ fields.count
        let firstJoiner = order &* (keyCount &+ 1)
        return joinerStarts[firstJoiner &+ keyCount &+ 1] &- joinerStarts[firstJoiner] &+ 36 &+ byteCount
    }
}
