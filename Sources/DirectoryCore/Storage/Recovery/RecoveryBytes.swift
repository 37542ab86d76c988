/// The little-endian byte encoding of recovery journals: records with their
/// fields and extras, written and read back without Foundation.
struct RecoveryBytes {
    /// The encoded bytes.
    var bytes: [UInt8] = []

    mutating func append(_ value: UInt8) { bytes.append(value) }

    mutating func append(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value &>> shift)) }
    }

    mutating func append(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value &>> shift)) }
    }

    /// Puts the low `count` bytes of `value`, little-endian, at `offset`.
    private mutating func put(_ value: UInt64, count: Int, at offset: Int) {
        for index in 0..<count { bytes[offset + index] = UInt8(truncatingIfNeeded: value &>> (8 * index)) }
    }

    /// Writes the frame of the payload from `start` on: its length and checksum, in the
    /// 12 bytes reserved before it.
    mutating func closeFrame(payloadStart start: Int) {
        let length = UInt32(truncatingIfNeeded: bytes.count - start)
        var hash = ContentHash()
        bytes.span.extracting(start...).withRawBytes { hash.add($0) }
        let checksum = hash.value
        put(UInt64(length), count: 4, at: start - 12)
        put(checksum, count: 8, at: start - 8)
    }

    mutating func append(count: Int) { append(UInt32(truncatingIfNeeded: count)) }

    mutating func append(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        append(count: text.utf8.count)
        bytes.append(text.utf8.span)
    }

    mutating func append(_ record: Record) {
        append(record.id.high)
        append(record.id.low)
        append(count: record.values.count)
        for value in record.values {
            switch value {
            case .text(let text):
                append(UInt8(0))
                append(text)
            case .date(let seconds):
                append(UInt8(1))
                append(seconds.bitPattern)
            }
        }
        append(count: record.extras.count)
        for extra in record.extras {
            append(extra.key)
            append(extra.value)
        }
    }

    mutating func append(_ value: PropertyValue) {
        switch value {
        case .null: append(UInt8(0))
        case .string(let text):
            append(UInt8(1))
            append(text)
        case .integer(let number):
            append(UInt8(2))
            append(UInt64(bitPattern: number))
        case .real(let number):
            append(UInt8(3))
            append(number.bitPattern)
        case .bool(let flag): append(UInt8(flag ? 5 : 4))
        case .date(let seconds):
            append(UInt8(6))
            append(seconds.bitPattern)
        case .data(let data):
            append(UInt8(7))
            append(count: data.count)
            bytes.append(contentsOf: data)
        case .array(let elements):
            append(UInt8(8))
            append(count: elements.count)
            for element in elements { append(element) }
        case .float(let number):
            append(UInt8(11))
            append(UInt64(number.bitPattern))
        case .numberText(let text):
            append(UInt8(10))
            append(text)
        case .dictionary(let pairs):
            append(UInt8(9))
            append(count: pairs.count)
            for pair in pairs {
                append(pair.key)
                append(pair.value)
            }
        }
    }
}
