#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Building a table's index: a million rows are folded in one pass that writes straight
/// into the index's buffer. A row that is all ASCII (most are) is copied value by value
/// and its letters lowered once at the end over the whole buffer.
extension CaseFoldedIndex {
    /// The index of `table`'s text values, or `nil` when they fold to more bytes than
    /// 32-bit offsets can reach.
    init?(_ table: RecordTable) {
        let fields = table.textFields.indices.filter { table.textFields[$0] }
        let rowCount = table.count
        var starts = [UInt32](repeating: 0, count: rowCount * fields.count + 1)
        var bytes: [UInt8] = []
        // The folding loop copies rows with `memcpy`, so it reads the table through pointers.
        table.withStorage { allBytes, allStarts in
            unsafe allBytes.withUnsafeBufferPointer { all in
                unsafe allStarts.withUnsafeBufferPointer { valueStarts in
                    unsafe Self.foldAll(
                        table, fields: fields, from: all, valueStarts: valueStarts, into: &bytes, starts: &starts)
                }
            }
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

    /// Folds every row of `table` into `bytes`, growing it until they fit, and notes where
    /// each value starts in `starts`.
    private static func foldAll(
        _ table: RecordTable, fields: [Int], from all: UnsafeBufferPointer<UInt8>,
        valueStarts: UnsafeBufferPointer<UInt32>, into bytes: inout [UInt8], starts: inout [UInt32]
    ) {
        let rowCount = table.count
        var folding = UTF8CaseFolding()
        var row = 0
        var capacity = all.count + starts.count + 64
        while true {
            let previous = bytes
            bytes = unsafe [UInt8](unsafeUninitializedCapacity: capacity) { buffer, written in
                unsafe previous.withUnsafeBufferPointer { old in
                    if let from = old.baseAddress {
                        unsafe buffer.baseAddress?.initialize(from: from, count: old.count)
                    }
                }
                written = previous.count
                unsafe starts.withUnsafeMutableBufferPointer { starts in
                    unsafe Self.fold(
                        rows: &row, of: table, fields: fields, from: all, valueStarts: valueStarts,
                        into: buffer, written: &written, starts: starts, folding: &folding)
                }
            }
            if row == rowCount { break }
            capacity += capacity / 2
        }
    }

    /// Folds rows from `row` on into `output` after its first `written` bytes, until
    /// every row is in or the next one does not fit; `row` and `written` move on.
    private static func fold(
        rows row: inout Int, of table: RecordTable, fields: [Int], from all: UnsafeBufferPointer<UInt8>,
        valueStarts: UnsafeBufferPointer<UInt32>, into output: UnsafeMutableBufferPointer<UInt8>,
        written: inout Int, starts: UnsafeMutableBufferPointer<UInt32>, folding: inout UTF8CaseFolding
    ) {
        guard let base = output.baseAddress, !fields.isEmpty else {
            row = table.count
            return
        }
        let source = unsafe all.baseAddress ?? UnsafePointer(base)
        var folded: [UInt8] = []
        var foldedEnds = [Int](repeating: 0, count: fields.count)
        while row < table.count {
            let first = row &* table.fieldCount
            let rowStart = unsafe Int(valueStarts[first])
            let rowBytes = unsafe UnsafeBufferPointer(
                start: source + rowStart, count: Int(valueStarts[first &+ table.fieldCount]) &- rowStart)
            let ascii = unsafe UTF8Text.isASCII(UnsafeRawBufferPointer(rowBytes).bytes)
            if !ascii {
                folded.removeAll(keepingCapacity: true)
                for (index, field) in fields.enumerated() {
                    let start = unsafe Int(valueStarts[first &+ field])
                    let value = unsafe UnsafeBufferPointer(
                        start: source + start, count: Int(valueStarts[first &+ field &+ 1]) &- start)
                    unsafe folding.append(folding: value, to: &folded)
                    foldedEnds[index] = folded.count
                }
            }
            let needed = (ascii ? rowBytes.count : folded.count) &+ fields.count
            guard written &+ needed <= output.count else { return }
            var slot = row &* fields.count
            for (index, field) in fields.enumerated() {
                unsafe starts[slot] = UInt32(truncatingIfNeeded: written)
                if ascii {
                    let start = unsafe Int(valueStarts[first &+ field])
                    let count = unsafe Int(valueStarts[first &+ field &+ 1]) &- start
                    unsafe memcpy(base + written, source + start, count)
                    written &+= count
                } else {
                    let start = index == 0 ? 0 : foldedEnds[index &- 1]
                    unsafe folded.withUnsafeBufferPointer { folded in
                        if let from = folded.baseAddress {
                            unsafe memcpy(base + written, from + start, foldedEnds[index] &- start)
                        }
                    }
                    written &+= foldedEnds[index] &- start
                }
                unsafe base[written] = separator
                written &+= 1
                slot &+= 1
            }
            row &+= 1
        }
    }

    /// How often each byte value occurs in a sample of `bytes` (up to 256 spread-out
    /// pieces of 4 KiB): enough to tell a needle's rare bytes from its common ones.
    private static func sampledCounts(_ bytes: [UInt8]) -> [Int] {
        var counts = [Int](repeating: 0, count: 256)
        let piece = 4096
        let step = max(piece, bytes.count / 256)
        unsafe bytes.withUnsafeBufferPointer { bytes in
            unsafe counts.withUnsafeMutableBufferPointer { counts in
                for start in stride(from: 0, to: bytes.count, by: step) {
                    for index in start..<min(start + piece, bytes.count) {
                        let byte = unsafe bytes[index]
                        unsafe counts[Int(byte)] &+= 1
                    }
                }
            }
        }
        return counts
    }
}
