/// Checks that script lines are well-formed UTF-8 before they become `String`s.
///
/// `String(validating:as:)` decodes through generic code, which costs more per
/// line than parsing the command; this checks eight ASCII bytes at a time and
/// decodes only the multi-byte sequences.
enum UTF8Check {
    /// Whether `bytes` are well-formed UTF-8 (Unicode's table 3-7: no overlong forms,
    /// surrogates or values past U+10FFFF).
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            if index + 8 <= count,
                bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            var length = 3
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: break
            case 0xED: upper = 0x9F
            case 0xF0:
                length = 4
                lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                upper = 0x8F
            default: return false
            }
            guard count - index >= length, bytes[index + 1] >= lower, bytes[index + 1] <= upper else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
