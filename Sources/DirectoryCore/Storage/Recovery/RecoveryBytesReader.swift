/// Reads what `RecoveryBytes` wrote; every read checks the bounds and returns
/// `nil` on anything malformed, so a damaged journal never crashes the reader.
struct RecoveryBytesReader {
    private let bytes: ArraySlice<UInt8>
    private var offset: Int

    /// A reader of `bytes` from their start.
    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.offset = bytes.startIndex
    }

    /// Whether every byte was read.
    var isAtEnd: Bool { offset == bytes.endIndex }

    mutating func byte() -> UInt8? {
        guard offset < bytes.endIndex else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func word() -> UInt64? {
        guard bytes.endIndex - offset >= 8 else { return nil }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << UInt64(index * 8) }
        offset += 8
        return value
    }

    mutating func count() -> Int? {
        guard bytes.endIndex - offset >= 4 else { return nil }
        var value = 0
        for index in 0..<4 { value |= Int(bytes[offset + index]) << (index * 8) }
        offset += 4
        return value
    }

    mutating func raw(_ length: Int) -> ArraySlice<UInt8>? {
        guard length >= 0, bytes.endIndex - offset >= length else { return nil }
        defer { offset += length }
        return bytes[offset..<(offset + length)]
    }

    mutating func text() -> String? {
        guard let length = count(), let raw = raw(length) else { return nil }
        return String(validating: raw, as: UTF8.self)
    }

    mutating func record(occurrence: Int) -> Record? {
        guard let high = word(), let low = word(), let valueCount = count(), valueCount <= bytes.count else {
            return nil
        }
        var values: [FieldValue] = []
        for _ in 0..<valueCount {
            switch byte() {
            case 0:
                guard let text = text() else { return nil }
                values.append(.text(text))
            case 1:
                guard let bits = word() else { return nil }
                values.append(.date(Double(bitPattern: bits)))
            default: return nil
            }
        }
        guard let extraCount = count(), extraCount <= bytes.count else { return nil }
        var extras: [KeyedValue] = []
        for _ in 0..<extraCount {
            guard let key = text(), let value = value(depth: 0) else { return nil }
            extras.append(KeyedValue(key, value))
        }
        var record = Record(id: RecordID(high: high, low: low), values: values, extras: extras)
        record.occurrence = occurrence
        return record
    }

    mutating func value(depth: Int) -> PropertyValue? {
        guard depth < 512, let tag = byte() else { return nil }
        switch tag {
        case 0: return .null
        case 1: return text().map { .string($0) }
        case 2: return word().map { .integer(Int64(bitPattern: $0)) }
        case 3: return word().map { .real(Double(bitPattern: $0)) }
        case 4: return .bool(false)
        case 5: return .bool(true)
        case 6: return word().map { .date(Double(bitPattern: $0)) }
        case 10: return text().map { .numberText($0) }
        case 11: return word().map { .float(Float(bitPattern: UInt32(truncatingIfNeeded: $0))) }
        case 7:
            guard let length = count(), let raw = raw(length) else { return nil }
            return .data(Array(raw))
        case 8:
            guard let length = count(), length <= bytes.count else { return nil }
            var elements: [PropertyValue] = []
            for _ in 0..<length {
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
            }
            return .array(elements)
        case 9:
            guard let length = count(), length <= bytes.count else { return nil }
            var pairs: [KeyedValue] = []
            for _ in 0..<length {
                guard let key = text(), let element = value(depth: depth + 1) else { return nil }
                pairs.append(KeyedValue(key, element))
            }
            return .dictionary(pairs)
        default: return nil
        }
    }
}
