/// What of a JSON file a save may copy from the file the list was read from, instead of
/// encoding it again: the longest run of records from the first that the file held, in its
/// order, each exactly as the writer writes it (`RecordOrigin`). The new file begins with the
/// same bytes as that file up to the end of the run's last record.
extension JSONRecordWriter {
    /// How many of the first records of `records`, and how many of the file's bytes (from its
    /// start to the end of the last of them), are what the writer would write for them;
    /// `fileSize` is the size of the file they were read from.
    ///
    /// A record counts when it is still row `n` of the list's table at position `n`, its
    /// origin is one byte after the end of the row before (offset 1 for the first: the file
    /// starts `[{`), and the file gives it exactly as many bytes as the writer writes for it:
    /// up to one byte before the next row's origin (the `,`), or before the file's last byte
    /// (the `]`) for the table's last row. Those bytes are the writer's when the origin is
    /// plain and the writer escapes none of them (white space and escapes only lengthen a
    /// plain row); for any other, `matches` (given the file offset and the writer's bytes) says
    /// whether the file holds the same bytes. Those byte-by-byte comparisons stop after
    /// `compareLimit` bytes in all.
    static func copyablePrefix(
        _ records: RecordList, kind: ListKind, fileSize: Int, compareLimit: Int = 64 << 10,
        matches: (_ offset: Int, _ bytes: Span<UInt8>) -> Bool
    ) -> (records: Int, bytes: Int) {
        guard let table = records.table, table.origins.count == table.count else { return (0, 0) }
        let layout = Layout(records, kind: kind)
        let fieldCount = layout.fields.count
        var compared = 0
        var end = 0
        var count = 0
        table.withStorage { values, starts in
            // Nearly always no value needs an escape: one pass over all of them spares a pass per row.
            let anyEscape = Layout.needsEscape(values)
            for number in 0..<min(records.count, table.count) {
                guard records.tableRow(at: number) == number else { return }
                let origin = table.origin(ofRow: number)
                guard origin.isKnown, origin.offset == end &+ 1 else { return }
                let next = number &+ 1 < table.count ? table.origin(ofRow: number &+ 1).offset : fileSize
                let length = next &- 1 &- origin.offset
                guard length > 0 else { return }
                let order = table.keyOrderIndex(ofRow: number)
                let valueStart = number &* fieldCount
                let plainLength =
                    origin.isPlain
                    ? layout.plainRowLength(
                        order: order, valueStart: valueStart, values: values, starts: starts, checked: !anyEscape)
                    : -1
                if plainLength != length {
                    guard compared &+ length <= compareLimit else { return }
                    compared &+= length
                    var sink = ByteSink(capacity: length &+ 64)
                    layout.writeRow(
                        id: table.id(at: number), order: order, valueStart: valueStart, values: values,
                        starts: starts, first: true, to: &sink)
                    guard sink.count == length, matches(origin.offset, sink.bytes) else { return }
                }
                end = origin.offset &+ length
                count = number &+ 1
            }
        }
        return (count, end)
    }
}

extension JSONRecordWriter.Layout {
    /// The number of bytes `writeRow` writes for a row of text whose values need no escape
    /// (without the comma before it), or -1 for any other row; `checked` when the values are
    /// known to need none.
    @inline(__always)
    func plainRowLength(order: Int, valueStart: Int, values: Span<UInt8>, starts: Span<UInt32>, checked: Bool)
        -> Int
    {
        guard allText else { return -1 }
        let rowStart = Int(starts[valueStart])
        let byteCount = Int(starts[valueStart &+ fields.count]) &- rowStart
        guard checked || !Self.needsEscape(values.extracting(rowStart..<(rowStart &+ byteCount))) else { return -1 }
        let keyCount = 1 &+ fields.count
        let firstJoiner = order &* (keyCount &+ 1)
        return joinerStarts[firstJoiner &+ keyCount &+ 1] &- joinerStarts[firstJoiner] &+ 36 &+ byteCount
    }
}
