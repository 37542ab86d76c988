extension RecordTable.Builder {
    /// The most fields a row added by `appendTextRow` has.
    static let textRowFields = 16

    /// Adds a row whose fields are all text, as the binary property list reader has the
    /// writer's records: value `field` is the bytes at `texts[field]` of `pool` when bit
    /// `field` of `pooled` is set, of `file` otherwise; its keys were read in the order
    /// `order`, and each value from object `objects[field]` (`RecordTable.valueObjects`).
    /// Returns `false` (adding nothing) when the table is full. A range outside its buffer traps.
    ///
    /// The same row `append(id:texts:in:values:order:objects:)` adds for the same values, made
    /// with room taken once per array and no array of optionals or values per record.
    mutating func appendTextRow(
        id: RecordID, texts: Span<Range<Int>>, pooled: Int, file: RawSpan, pool: RawSpan,
        order: KeyOrder.Packed, objects: Span<UInt32>
    ) -> Bool {
        precondition(allText && fieldCount <= Self.textRowFields, "a text row is only for kinds of text fields")
        guard let orderIndex = orderIndex(order) else { return false }
        var size = 0
        for field in 0..<fieldCount {
            let range = texts[field]
            // Checks the range against its buffer before a byte is read through a pointer below.
            _ = pooled & (1 << field) != 0 ? pool.extracting(range) : file.extracting(range)
            size &+= range.count
        }
        guard bytes.count &+ size <= Self.capacityLimit else { return false }
        var end = bytes.count
        let fields = fieldCount
        // Every range was checked against its buffer above, and every store is inside the
        // `size` bytes of room made.
        unsafe file.withUnsafeBytes { fileBytes in
            unsafe pool.withUnsafeBytes { poolBytes in
                bytes.append(addingCapacity: size) { output in
                    unsafe output.withUnsafeMutableBufferPointer { buffer, initialized in
                        guard let target = buffer.baseAddress else { return }
                        for field in 0..<fields {
                            let range = texts[field]
                            let source = unsafe pooled & (1 << field) != 0 ? poolBytes : fileBytes
                            guard let base = source.baseAddress else { continue }
                            let length = range.count
                            let from = unsafe base + range.lowerBound
                            let to = unsafe UnsafeMutableRawPointer(target + initialized)
                            unsafe Self.copyValue(from: from, to: to, count: length)
                            initialized &+= length
                        }
                    }
                }
            }
        }
        for field in 0..<fields {
            end &+= texts[field].count
            starts.append(UInt32(truncatingIfNeeded: end))
        }
        let earlier = ids.count &* fields
        if valueObjects.count < earlier {
            if valueObjects.isEmpty { valueObjects.reserveCapacity(starts.capacity) }
            valueObjects.append(contentsOf: repeatElement(RecordTable.noObject, count: earlier - valueObjects.count))
        }
        for field in 0..<fields {
            let object = objects[field]
            valueObjects.append(object)
            if object != RecordTable.noObject, Int(object) >= valueObjectBound { valueObjectBound = Int(object) &+ 1 }
        }
        appendOrder(orderIndex)
        ids.append(id)
        return true
    }
}
