extension BinaryPlistRecordScan {
    /// Reads the records in `slots` for as long as each is exactly what the writer writes
    /// after the records before it, and returns the slot of the first record it did not read
    /// (`slots.upperBound` when it read them all). The general reading (`read`) goes on from
    /// there: that record, whatever it is, is then read and checked as it always is.
    ///
    /// A record is read here only when the layout proof holds and is anchored (a record of
    /// this scan was proven), and the record is the next object where the last ended, a
    /// dictionary of `id` and each field, its keys the file's key objects in any order, its id
    /// the next object in the writer's 39 bytes, and each text either the next object (an ASCII
    /// string of the fewest header bytes) or a string this scan read before (`textCache`: its
    /// UTF-8 in the cache's pool, or ASCII text where it is in the file once the pool is full).
    /// Every object it takes is found where the offset table puts it. Such a record
    /// reads exactly as the general reading reads it (the same id, texts, objects, key order
    /// and budget spent) and proves exactly what the proof's checks would prove; anything
    /// else, even a string in UTF-16, stops here before the record changes anything.
    ///
    /// It is the general reading less its per-value look-ups and the builder's checks, which
    /// such a record cannot fail (about a fifth of the load's instructions for a million), and
    /// its row goes into the table in one call (`RecordBuilder.appendTextRow`) with no `String`
    /// or array made for it.
    mutating func readWritersRecords(_ slots: Range<Int>, into builder: inout RecordBuilder) throws(FileFormatError)
        -> Int
    {
        let pairs = proof.pairCount
        guard readsWritersRecords, proof.holds, proof.next >= 0, pairs >= 2, pairs < 15,
            builder.kind?.fields.count == pairs - 1
        else { return slots.lowerBound }
        let table = parser.table
        let bytes = table.bytes
        let referenceSize = table.trailer.objectRefSize
        let objectCount = table.trailer.objectCount
        let areaEnd = table.objectAreaEnd
        let keyObjects = proof.keyObjects
        // Each key object's code, by its distance from the lowest (-1: no key). The writer
        // numbers the keys one after another (the layout proof checked it), so they lie within
        // 16 of it.
        let lowestKey = keyObjects.min() ?? 0
        var keyCodes = InlineArray<16, Int8>(repeating: -1)
        for (code, object) in keyObjects.enumerated() {
            let distance = object &- lowestKey
            guard distance >= 0, distance < 16 else { return slots.lowerBound }
            keyCodes[distance] = Int8(truncatingIfNeeded: code)
        }
        let dictionaryMarker = 0xD0 | UInt8(truncatingIfNeeded: pairs)
        // Whether object `index` starts at `position` by the offset table.
        @inline(__always)
        func isAt(_ index: Int, _ position: Int) -> Bool {
            guard index < objectCount else { return false }
            let entry = table.trailer.offsetTableOffset &+ index &* table.trailer.offsetIntSize
            return BinaryPlistTrailer.bigEndian(bytes, at: entry, size: table.trailer.offsetIntSize) == UInt64(position)
        }
        // Each field's text: where it lies in the file, or in the text cache's pool when its
        // bit in `pooled` is set (text that is not ASCII, decoded when it was first read).
        var texts = InlineArray<16, Range<Int>>(repeating: 0..<0)
        var objects = InlineArray<16, UInt32>(repeating: RecordTable.noObject)
        // Where each value was, for the budget's message: the id's or the text's object.
        var places = InlineArray<16, Int>(repeating: 0)
        // The strings the record numbers, in order: the first `introducedCount` of `introduced`.
        var introduced = InlineArray<16, NewString>(repeating: NewString(object: -1, position: 0, range: 0..<0))
        var introducedCount = 0
        var next = proof.next
        var cursor = proof.cursor
        var slot = slots.lowerBound
        records: while slot < slots.upperBound {
            let record = table.reference(in: top, slot: slot)
            let references = cursor &+ 1
            var position = references &+ 2 &* pairs &* referenceSize
            guard record == next, position <= areaEnd, bytes[cursor] == dictionaryMarker, isAt(record, cursor) else {
                break
            }
            var order = KeyOrder.Packed()
            var seen = 0
            var id: RecordID?
            var pooled = 0
            var objectNext = next &+ 1
            introducedCount = 0
            for pair in 0..<pairs {
                let key = Int(
                    BinaryPlistTrailer.bigEndian(bytes, at: references &+ pair &* referenceSize, size: referenceSize))
                let distance = key &- lowestKey
                guard distance >= 0, distance < 16 else { break records }
                let code = Int(keyCodes[distance])
                guard code >= 0, seen & (1 << code) == 0 else { break records }
                seen |= 1 << code
                let value = Int(
                    BinaryPlistTrailer.bigEndian(
                        bytes, at: references &+ (pairs &+ pair) &* referenceSize, size: referenceSize))
                if code == 0 {
                    order.append(KeyOrder.idCode)
                    // The id: the next object, marker 0x5F and length 36 as a 1-byte integer.
                    guard value == objectNext, position <= areaEnd &- 39, bytes[position] == 0x5F,
                        bytes[position &+ 1] == 0x10, bytes[position &+ 2] == 36, isAt(value, position)
                    else { break records }
                    let text = bytes.extracting((position &+ 3)..<(position &+ 39))
                    guard !BinaryPlistLayoutProof.hasLowerCase(text), let parsed = RecordID(utf8: text.rawBytes) else {
                        break records
                    }
                    id = parsed
                    places[pair] = position
                    objectNext &+= 1
                    position &+= 39
                    continue
                }
                let field = code &- 1
                order.append(KeyOrder.fieldCode(field))
                objects[field] = UInt32(truncatingIfNeeded: value)
                if value == objectNext {
                    // A new string: ASCII, in the fewest header bytes (a count below 15 in the
                    // marker, or 0x5F and a 1-byte integer).
                    guard position < areaEnd, isAt(value, position) else { break records }
                    let marker = bytes[position]
                    guard marker >> 4 == 0x5 else { break records }
                    var count = Int(marker & 0x0F)
                    var payload = position &+ 1
                    if count == 0x0F {
                        guard position <= areaEnd &- 3, bytes[position &+ 1] == 0x10 else { break records }
                        count = Int(bytes[position &+ 2])
                        payload = position &+ 3
                        guard count >= 15 else { break records }
                    }
                    let range = payload..<(payload &+ count)
                    guard range.upperBound <= areaEnd, UTF8Text.isASCII(bytes.extracting(range).rawBytes) else {
                        break records
                    }
                    texts[field] = range
                    places[pair] = position
                    introduced[introducedCount] = NewString(object: value, position: position, range: range)
                    introducedCount &+= 1
                    objectNext &+= 1
                    position = range.upperBound
                } else if value < next, let text = textCache.text(value) {
                    // A string read before: its UTF-8 from the cache's pool (ASCII text copied
                    // there, other text decoded and checked when it was first read, its budget
                    // then spent at the record, as the general reading spends it), or ASCII
                    // text where it lies in the file once the pool was full.
                    if let range = text.poolRange {
                        texts[field] = range
                        pooled |= 1 << field
                    } else if let range = text.fileRange {
                        texts[field] = range
                    } else {
                        break records
                    }
                    places[pair] = text.fileRange == nil ? cursor : text.position
                } else if value > next, let earlier = Self.string(value, in: introduced.span, count: introducedCount) {
                    // A string this record numbered for an earlier field.
                    texts[field] = earlier.range
                    places[pair] = earlier.position
                } else {
                    break records
                }
            }
            guard let id else { break }
            // The record is the writer's: spent, remembered and added as the general reading would.
            if parser.budget > pairs {
                parser.spend(pairs &+ 1)
            } else {
                try parser.spend(at: cursor)
                for pair in 0..<pairs { try parser.spend(at: places[pair]) }
            }
            for index in 0..<introducedCount {
                let string = introduced[index]
                textCache.remember(string.object, position: string.position, range: string.range, of: bytes)
                proof.introduce(string.object)
            }
            proof.advance(next: objectNext, cursor: position)
            builder.appendTextRow(
                id: id, texts: texts.span, pooled: pooled, file: bytes, pool: textCache.pool.span, order: order,
                objects: objects.span)
            next = objectNext
            cursor = position
            slot &+= 1
        }
        return slot
    }

    /// A string a record read by `readWritersRecords` numbered: the object, where it starts, its text.
    private struct NewString {
        let object: Int
        let position: Int
        let range: Range<Int>
    }

    /// The string `object` among the first `count` of `strings`, if there.
    @inline(__always)
    private static func string(_ object: Int, in strings: Span<NewString>, count: Int) -> NewString? {
        for index in 0..<count where strings[index].object == object { return strings[index] }
        return nil
    }
}
