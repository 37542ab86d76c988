/// JSON numbers, checked against RFC 8259's grammar
/// (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`).
///
/// A literal without fraction or exponent that fits `Int64` becomes `.integer`
/// (summed by hand, without overflow traps), and a larger one `.numberText`, its
/// digits kept; any other becomes `.real`, converted by the standard library's
/// correctly rounded, locale-independent `Double(_:)`, or, when the text is to be
/// kept (an unknown key's value, written back as read), `.numberText`.
/// As `JSONDecoder` does, numbers too large for a `Double` are rejected.
extension JSONScanner {
    /// Parses the number that starts at `position` (a `-` or a digit); with `keepingText`,
    /// a number that is not a whole `Int64` is `.numberText` (checked like any other).
    mutating func parseNumber(keepingText: Bool = false) throws(FileFormatError) -> PropertyValue {
        let start = position
        let count = bytes.count
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < count, isDigit(bytes[index]) else {
            throw error("invalid number: expected a digit after '-'", at: start)
        }
        var magnitude: UInt64 = 0
        var digitCount = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            digitCount = 1
            if index < count, isDigit(bytes[index]) {
                throw error("invalid number: leading zeros are not allowed", at: start)
            }
        } else {
            while index < count, isDigit(bytes[index]) {
                // 19 digits always fit a UInt64; longer literals go to `Double`.
                if digitCount < 19 { magnitude = magnitude &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0")) }
                digitCount += 1
                index += 1
            }
        }
        var isInteger = true
        if index < count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index = try skipDigits(from: index + 1, numberStart: start, after: "'.'")
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            index = try skipDigits(from: index, numberStart: start, after: "'e'")
        }
        position = index
        if isInteger, digitCount <= 19, !(keepingText && negative && magnitude == 0),
            let value = integer(magnitude, negative: negative)
        {
            return value
        }
        let value = try real(from: start, to: index)
        guard isInteger || keepingText else { return value }
        // Kept as text, so a save writes back the digits read rather than a rounded double.
        return .numberText(String(utf8: bytes.extracting(start..<index)))
    }

    /// `.integer` for a magnitude and sign that fit `Int64`; `.real(-0.0)` for `-0`, keeping its sign.
    @inline(__always)
    private func integer(_ magnitude: UInt64, negative: Bool) -> PropertyValue? {
        if !negative {
            return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : nil
        }
        if magnitude == 0 { return .real(-0.0) }
        return magnitude <= UInt64(Int64.max) + 1 ? .integer(Int64(bitPattern: 0 &- magnitude)) : nil
    }

    /// Converts the validated literal `bytes[start..<end]` to `.real`.
    private func real(from start: Int, to end: Int) throws(FileFormatError) -> PropertyValue {
        let text = String(utf8: bytes.extracting(start..<end))
        guard let value = Double(text), value.isFinite else {
            throw error("number out of range: \(end - start > 40 ? String(text.prefix(40)) + "..." : text)", at: start)
        }
        return .real(value)
    }

    /// Skips one or more digits from `index`, returning the offset after them.
    private func skipDigits(from index: Int, numberStart: Int, after context: String) throws(FileFormatError) -> Int {
        var index = index
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw error("invalid number: expected a digit after \(context)", at: numberStart)
        }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return index
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
