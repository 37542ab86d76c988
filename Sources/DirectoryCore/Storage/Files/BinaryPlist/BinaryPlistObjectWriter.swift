/// Writes the objects of a binary property list in one pass, in the order and
/// form `PropertyListEncoder` uses: objects are numbered in pre-order (a
/// container, then its keys, then its values), equal scalars (strings,
/// numbers, dates, data, booleans) are written once and shared, integers take
/// the fewest of 1, 2, 4 or 8 bytes, and ASCII strings are `0x5n` while other
/// strings are UTF-16 big-endian `0x6n`. Two choices differ from it for
/// speed, never in meaning: record identifiers are not looked up among the
/// other strings (the record writer shares the ones that repeat).
///
/// Object numbers are not known until the objects are written, so references
/// are first written as wide as `objectBound` (an upper bound of the object
/// count) needs; `finish()` narrows them if sharing left fewer objects.
struct BinaryPlistObjectWriter {
    /// A container whose references are still to be filled in.
    struct Container {
        /// The container's object number.
        let object: Int
        /// Where its reference placeholders start in the output.
        let references: Int
    }

    private var output: [UInt8]
    private var starts: [Int] = []
    private var uniques = BinaryPlistUniquingTable()
    /// The width of references while objects are being written.
    private let referenceSize: Int

    /// Creates a writer for a file of about `capacity` bytes and at most `objectBound` objects.
    init(capacity: Int, objectBound: Int) {
        output = []
        output.reserveCapacity(max(capacity, 64))
        starts.reserveCapacity(max(min(objectBound, capacity / 2), 1))
        output.append(contentsOf: "bplist00".utf8)
        referenceSize = Self.minimumSize(objectBound)
    }

    /// Writes the marker and count of an array (`0xA0`) or dictionary (`0xD0`) and
    /// reserves `references` references (2 × `count` for a dictionary).
    mutating func beginContainer(marker: UInt8, count: Int, references: Int) -> Container {
        let object = starts.count
        starts.append(output.count)
        appendHeader(marker, count: count)
        let position = output.count
        output.append(contentsOf: repeatElement(0, count: references * referenceSize))
        return Container(object: object, references: position)
    }

    /// Fills reference `slot` of `container` with `object`.
    mutating func setReference(_ container: Container, slot: Int, to object: Int) {
        let size = referenceSize
        let position = container.references + slot * size
        output.withUnsafeMutableBytes { bytes in
            var value = object
            var index = position + size
            while index > position {
                index -= 1
                bytes[index] = UInt8(truncatingIfNeeded: value)
                value >>= 8
            }
        }
    }

    /// Writes (or finds) a string object and returns its number.
    mutating func string(_ text: String) -> Int {
        let start = output.count
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { appendString(UnsafeRawBufferPointer($0)) }
        if written == nil {
            let copy = Array(text.utf8)
            copy.withUnsafeBytes { appendString($0) }
        }
        return unique(from: start)
    }

    /// Writes the uppercase string form of `id` and returns its number.
    ///
    /// Identifiers are unique in a list, so they are not looked up for sharing:
    /// that keeps the sharing table small and fast.
    mutating func recordID(_ id: RecordID) -> Int {
        let start = output.count
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 39) { text in
            let digits: StaticString = "0123456789ABCDEF"
            digits.withUTF8Buffer { hex in
                text[0] = 0x5F
                text[1] = 0x10
                text[2] = 36
                var position = 3
                for nibble in 0..<32 {
                    if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    let word = nibble < 16 ? id.high : id.low
                    text[position] = hex[Int(truncatingIfNeeded: word >> UInt64(60 - (nibble % 16) * 4)) & 0xF]
                    position += 1
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(text))
        }
        starts.append(start)
        return starts.count - 1
    }

    /// Writes (or finds) an integer object: non-negative values in the fewest of
    /// 1, 2 or 4 bytes, everything else in 8 bytes.
    mutating func integer(_ value: Int64) -> Int {
        let start = output.count
        appendInteger(value)
        return unique(from: start)
    }

    /// Writes (or finds) an 8-byte real (`0x23`).
    mutating func real(_ value: Double) -> Int {
        let start = output.count
        output.append(0x23)
        appendBigEndian(value.bitPattern, size: 8)
        return unique(from: start)
    }

    /// Writes (or finds) a date (`0x33`) of `seconds` since 2001-01-01.
    mutating func date(_ seconds: Double) -> Int {
        let start = output.count
        output.append(0x33)
        appendBigEndian(seconds.bitPattern, size: 8)
        return unique(from: start)
    }

    /// Writes (or finds) `true` (`0x09`) or `false` (`0x08`).
    mutating func bool(_ value: Bool) -> Int {
        let start = output.count
        output.append(value ? 0x09 : 0x08)
        return unique(from: start)
    }

    /// Writes (or finds) a data object (`0x4n`).
    mutating func data(_ bytes: [UInt8]) -> Int {
        let start = output.count
        appendHeader(0x40, count: bytes.count)
        output.append(contentsOf: bytes)
        return unique(from: start)
    }

    /// Narrows the references, then appends the offset table and the trailer
    /// (top object 0) and returns the file.
    mutating func finish() -> [UInt8] {
        let count = starts.count
        let refSize = Self.minimumSize(count)
        if refSize < referenceSize {
            BinaryPlistReferenceCompactor.compact(&output, starts: &starts, from: referenceSize, to: refSize)
        }
        let tableOffset = output.count
        let offsetSize = Self.minimumSize(tableOffset)
        output.reserveCapacity(tableOffset + count * offsetSize + BinaryPlistTrailer.size)
        for start in starts {
            appendBigEndian(UInt64(truncatingIfNeeded: start), size: offsetSize)
        }
        output.append(contentsOf: repeatElement(0, count: 6))
        output.append(UInt8(truncatingIfNeeded: offsetSize))
        output.append(UInt8(truncatingIfNeeded: refSize))
        appendBigEndian(UInt64(truncatingIfNeeded: count), size: 8)
        appendBigEndian(0, size: 8)
        appendBigEndian(UInt64(truncatingIfNeeded: tableOffset), size: 8)
        return output
    }

    /// The bytes needed for `value` as `PropertyListEncoder` counts them
    /// (which allows 3, 5, 6 and 7).
    static func minimumSize(_ value: Int) -> Int {
        max(1, 8 - UInt64(truncatingIfNeeded: value).leadingZeroBitCount / 8)
    }

    /// Keeps the object just written at `start`, or removes it again and
    /// returns the equal object written before.
    private mutating func unique(from start: Int) -> Int {
        let object = starts.count
        let existing = output.withUnsafeBytes { bytes in
            starts.withUnsafeBufferPointer { starts in
                uniques.existingObject(for: bytes, from: start, newObject: object, starts: starts)
            }
        }
        if let existing {
            output.removeLast(output.count - start)
            return existing
        }
        starts.append(start)
        return object
    }

    /// Appends a string object: ASCII as `0x5n`, anything else as UTF-16 `0x6n`.
    private mutating func appendString(_ utf8: UnsafeRawBufferPointer) {
        var combined: UInt8 = 0
        for byte in utf8 { combined |= byte }
        if combined < 0x80 {
            appendHeader(0x50, count: utf8.count)
            output.append(contentsOf: utf8)
            return
        }
        var units = 0
        for byte in utf8 {
            if byte & 0xC0 != 0x80 { units += 1 }
            if byte >= 0xF0 { units += 1 }
        }
        appendHeader(0x60, count: units)
        BinaryPlistUTF16Encoder.append(utf8, units: units, to: &output)
    }

    /// Appends a marker with `count` in its low nibble, or `0xF` and an integer object.
    private mutating func appendHeader(_ marker: UInt8, count: Int) {
        if count < 15 {
            output.append(marker | UInt8(truncatingIfNeeded: count))
        } else {
            output.append(marker | 0x0F)
            appendInteger(Int64(count))
        }
    }

    /// Appends an integer object (`0x1n`).
    private mutating func appendInteger(_ value: Int64) {
        let bits = UInt64(bitPattern: value)
        switch bits {
        case 0...0xFF:
            output.append(0x10)
            appendBigEndian(bits, size: 1)
        case 0x100...0xFFFF:
            output.append(0x11)
            appendBigEndian(bits, size: 2)
        case 0x1_0000...0xFFFF_FFFF:
            output.append(0x12)
            appendBigEndian(bits, size: 4)
        default:
            output.append(0x13)
            appendBigEndian(bits, size: 8)
        }
    }

    /// Appends the low `size` bytes of `value`, most significant first.
    private mutating func appendBigEndian(_ value: UInt64, size: Int) {
        var shift = UInt64(size * 8)
        while shift > 0 {
            shift -= 8
            output.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}
