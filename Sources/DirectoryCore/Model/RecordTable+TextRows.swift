extension RecordTable.Builder {
    /// The most fields a row added by `appendTextRow` has.
    static let textRowFields = 16

    /// Adds a row whose fields are all text, as the binary property list reader has the
    /// writer's records: value `field` is the bytes at `texts[field]` of `pool` when bit
    /// `field` of `pooled` is set, of `file` otherwise; its keys were read in the order
    /// `order`, and each value from object `objects[field]` (`RecordTable.valueObjects`).
    /// Returns `false` (adding no row) when the table is full. A range outside its buffer traps.
    ///
    /// A value from `pool` (a string the file shares, which the reader decoded once) is kept
    /// by its object: its text goes into `shared` the first time and the row holds none of
    /// its bytes. Any other value's bytes are copied into the row. The row reads as the row
    /// `append(id:texts:in:values:order:objects:)` adds for the same values, made with room
    /// taken once per array and no array of optionals or values per record.
    mutating func appendTextRow(
        id: RecordID, texts: Span<Range<Int>>, pooled: Int, file: RawSpan, pool: RawSpan,
        order: KeyOrder.Packed, objects: Span<UInt32>
    ) -> Bool {
        precondition(allText && fieldCount <= Self.textRowFields, "a text row is only for kinds of text fields")
        guard let orderIndex = orderIndex(order) else { return false }
        let fields = fieldCount
        // The fields kept by object, a bit each, and the bytes copied into the row.
        var byObject = 0
        var size = 0
        var sharedSize = 0
        for field in 0..<fields {
            let range = texts[field]
            // Checks the range against its buffer before a byte is read through a pointer below.
            if pooled & (1 << field) != 0 {
                _ = pool.extracting(range)
                if objects[field] != RecordTable.noObject {
                    byObject |= 1 << field
                    sharedSize &+= range.count
                    continue
                }
            } else {
                _ = file.extracting(range)
            }
            size &+= range.count
        }
        guard bytes.count &+ sharedValueBytes &+ size &+ sharedSize <= Self.capacityLimit else { return false }
        if byObject != 0 {
            for field in 0..<fields where byObject & (1 << field) != 0 {
                guard shared.add(objects[field], text: pool.extracting(texts[field])) else { return false }
            }
        }
        var end = bytes.count
        // Every range was checked against its buffer above, and every store is inside the
        // `size` bytes of room made.
        if size > 0 {
            unsafe file.withUnsafeBytes { fileBytes in
                unsafe pool.withUnsafeBytes { poolBytes in
                    bytes.append(addingCapacity: size) { output in
                        unsafe output.withUnsafeMutableBufferPointer { buffer, initialized in
                            guard let target = buffer.baseAddress else { return }
                            for field in 0..<fields where byObject & (1 << field) == 0 {
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
        }
        for field in 0..<fields {
            if byObject & (1 << field) == 0 { end &+= texts[field].count }
            starts.append(UInt32(truncatingIfNeeded: end))
        }
        sharedValueBytes &+= sharedSize
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
