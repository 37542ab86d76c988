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
        if table.shared.isEmpty {
            table.withStorage { all, valueStarts in
                Self.foldAll(table, fields: fields, from: all, valueStarts: valueStarts, into: &bytes, starts: &starts)
            }
        } else {
            Self.foldSharing(table, fields: fields, into: &bytes, starts: &starts)
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
    /// `bytes`, growing it until they fit, and notes where each value starts in `starts`.
    private static func foldAll(
        _ table: RecordTable, fields: [Int], from all: Span<UInt8>, valueStarts: Span<UInt32>,
        into bytes: inout [UInt8], starts: inout [UInt32]
    ) {
        var folding = UTF8CaseFolding()
        var row = 0
        var written = 0
        bytes = [UInt8](repeating: 0, count: all.count + starts.count + 64)
        while true {
            var output = bytes.mutableSpan
            fold(
                rows: &row, of: table, fields: fields, from: all, valueStarts: valueStarts, into: &output,
                written: &written, starts: &starts, folding: &folding)
            if row == table.count { break }
            bytes.append(contentsOf: repeatElement(0, count: bytes.count / 2))
        }
        bytes.removeSubrange(written...)
    }

    /// Folds every row of `table`, whose rows keep the texts a binary property list shares by
    /// object (`RecordTable.shared`), into `bytes`, and notes where each value starts in
    /// `starts`: each shared text is folded once, the first time a row holds it, and copied
    /// into every row that does; a row's own value is folded where it is.
    private static func foldSharing(
        _ table: RecordTable, fields: [Int], into bytes: inout [UInt8], starts: inout [UInt32]
    ) {
        var folding = UTF8CaseFolding()
        let shared = table.shared
        // Each place's text folded, one after another, and where it is there (-1: not yet).
        var foldedTexts: [UInt8] = []
        var foldedStarts = [Int](repeating: -1, count: shared.placeCount)
        var foldedEnds = [Int](repeating: 0, count: shared.placeCount)
        let fieldCount = table.fieldCount
        var slot = 0
        table.withRowStorage { own, valueStarts, objects in
            let texts = shared.bytes.span
            bytes.reserveCapacity(own.count &+ table.count &* fields.count &* 16)
            for row in 0..<table.count {
                for field in fields {
                    starts[slot] = UInt32(truncatingIfNeeded: bytes.count)
                    let index = row &* fieldCount &+ field
                    let start = Int(valueStarts[index])
                    let end = Int(valueStarts[index &+ 1])
                    if start == end, !objects.isEmpty, let place = shared.place(of: objects[index]) {
                        if foldedStarts[place] < 0 {
                            foldedStarts[place] = foldedTexts.count
                            appendFolded(
                                texts.extracting(shared.range(atPlace: place)), to: &foldedTexts, folding: &folding)
                            foldedEnds[place] = foldedTexts.count
                        }
                        bytes.append(contentsOf: foldedTexts[foldedStarts[place]..<foldedEnds[place]])
                    } else {
                        appendFolded(own.extracting(start..<end), to: &bytes, folding: &folding)
                    }
                    bytes.append(separator)
                    slot &+= 1
                }
            }
        }
    }

    /// Appends `value` to `output` as `fold(rows:…)` writes it: ASCII as it is (its letters
    /// are lowered over the whole index at the end), any other text folded.
    private static func appendFolded(_ value: Span<UInt8>, to output: inout [UInt8], folding: inout UTF8CaseFolding) {
        if value.withRawBytes({ UTF8Text.isASCII($0) }) {
            // The bytes are read during the call only.
            unsafe value.withUnsafeBufferPointer { unsafe output.append(contentsOf: $0) }
        } else {
            folding.append(folding: value, to: &output)
        }
    }

    /// Folds rows from `row` on into `output` after its first `written` bytes, until
    /// every row is in or the next one does not fit; `row` and `written` move on.
    private static func fold(
        rows row: inout Int, of table: RecordTable, fields: [Int], from all: Span<UInt8>, valueStarts: Span<UInt32>,
        into output: inout MutableSpan<UInt8>, written: inout Int, starts: inout [UInt32],
        folding: inout UTF8CaseFolding
    ) {
        guard !fields.isEmpty else {
            row = table.count
            return
        }
        let fieldCount = table.fieldCount
        var slots = starts.mutableSpan
        while row < table.count {
            let first = row &* fieldCount
            let rowBytes = all.extracting(Int(valueStarts[first])..<Int(valueStarts[first &+ fieldCount]))
            let ascii = rowBytes.withRawBytes { UTF8Text.isASCII($0) }
            // ASCII is copied as it is: a row's values and separators take no more than its bytes and one per field.
            if ascii, written &+ rowBytes.count &+ fields.count > output.count { return }
            var end = written
            var slot = row &* fields.count
            for field in fields {
                slots[slot] = UInt32(truncatingIfNeeded: end)
                let value = all.extracting(Int(valueStarts[first &+ field])..<Int(valueStarts[first &+ field &+ 1]))
                if ascii {
                    end = output.copy(value, at: end)
                } else {
                    var folded = folding.write(folding: value, to: &output, at: end)
                    if folded == nil {
                        folding.foldedCount(of: value)
                        folded = folding.write(folding: value, to: &output, at: end)
                    }
                    // Too little room: the row is folded again once the buffer has grown.
                    guard let folded, folded < output.count else { return }
                    end = folded
                }
                output[end] = separator
                end &+= 1
                slot &+= 1
            }
            written = end
            row &+= 1
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
