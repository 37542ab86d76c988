/// Building a table's index: a million rows are folded in one pass that appends to the
/// index's buffer. A row that is all ASCII (most are) is copied value by value and its
/// letters lowered once at the end over the whole buffer.
extension CaseFoldedIndex {
    /// The index of `table`'s text values, or `nil` when they fold to more bytes than
    /// 32-bit offsets can reach.
    init?(_ table: RecordTable) {
        let fields = table.textFields.indices.filter { table.textFields[$0] }
        let rowCount = table.count
        var starts = [UInt32](repeating: 0, count: rowCount * fields.count + 1)
        var bytes: [UInt8] = []
        table.withStorage { all, valueStarts in
            Self.foldAll(table, fields: fields, from: all, valueStarts: valueStarts, into: &bytes, starts: &starts)
        }
        guard bytes.count < Int(UInt32.max) else { return nil }
        starts[starts.count - 1] = UInt32(truncatingIfNeeded: bytes.count)
        UTF8CaseFolding.lowerASCII(&bytes)
        byteCounts = Self.sampledCounts(bytes)
        textFields = fields
        rows = rowCount
        self.bytes = bytes
        self.starts = starts
    }

    /// Folds every row of `table` (its values `all`, value `k` at `valueStarts[k]`) into
    /// `bytes`, and notes where each value starts in `starts`. An offset past 32 bits is
    /// noted wrong, and the index then refused for its size.
    private static func foldAll(
        _ table: RecordTable, fields: [Int], from all: Span<UInt8>, valueStarts: Span<UInt32>,
        into bytes: inout [UInt8], starts: inout [UInt32]
    ) {
        guard !fields.isEmpty else { return }
        let fieldCount = table.fieldCount
        bytes.reserveCapacity(all.count + starts.count + 64)
        var folding = UTF8CaseFolding()
        var slots = starts.mutableSpan
        var slot = 0
        for row in 0..<table.count {
            let first = row &* fieldCount
            let rowBytes = all.extracting(Int(valueStarts[first])..<Int(valueStarts[first &+ fieldCount]))
            let ascii = rowBytes.withRawBytes { UTF8Text.isASCII($0) }
            for field in fields {
                slots[slot] = UInt32(truncatingIfNeeded: bytes.count)
                let value = all.extracting(Int(valueStarts[first &+ field])..<Int(valueStarts[first &+ field &+ 1]))
                if ascii {
                    bytes.append(value)
                } else {
                    folding.append(folding: value, to: &bytes)
                }
                bytes.append(separator)
                slot &+= 1
            }
        }
    }

    /// How often each byte value occurs in a sample of `bytes` (up to 256 spread-out
    /// pieces of 4 KiB): enough to tell a needle's rare bytes from its common ones.
    private static func sampledCounts(_ bytes: [UInt8]) -> [Int] {
        var counts = [Int](repeating: 0, count: 256)
        let piece = 4096
        let step = max(piece, bytes.count / 256)
        let bytes = bytes.span
        var tally = counts.mutableSpan
        for start in stride(from: 0, to: bytes.count, by: step) {
            for index in start..<min(start + piece, bytes.count) {
                tally[Int(bytes[index])] &+= 1
            }
        }
        return counts
    }
}
