/// Checks of UTF-8 text shared by the readers: files must hold valid UTF-8,
/// and ASCII (the common case) is recognised eight bytes at a time.
public enum UTF8Text {
    /// Whether every byte of `text` is ASCII (the common case, checked eight bytes at a time).
    @inline(__always)
    public static func isASCII(_ text: RawSpan) -> Bool {
        let count = text.byteCount
        var index = 0
        var bits: UInt64 = 0
        while let word = text.word64(ifFitsAt: index) {
            bits |= word
            index += 8
        }
        while index < count {
            bits |= UInt64(text.byte(at: index))
            index += 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }

    /// The offset in `text` of the first byte that does not start a valid
    /// UTF-8 sequence (overlong forms, surrogates and values past U+10FFFF
    /// included), or `nil` if all of `text` is valid.
    public static func firstInvalid(in text: RawSpan) -> Int? {
        let count = text.byteCount
        var index = 0
        while index < count {
            if let word = text.word64(ifFitsAt: index), word & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = text.byte(at: index)
            if lead < 0x80 {
                index += 1
                continue
            }
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            let trailing: Int
            switch lead {
            case 0xC2...0xDF: trailing = 1
            case 0xE0: (trailing, lower) = (2, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: trailing = 2
            case 0xED: (trailing, upper) = (2, 0x9F)
            case 0xF0: (trailing, lower) = (3, 0x90)
            case 0xF1...0xF3: trailing = 3
            case 0xF4: (trailing, upper) = (3, 0x8F)
            default: return index
            }
            guard count - index > trailing, text.byte(at: index + 1) >= lower, text.byte(at: index + 1) <= upper else {
                return index
            }
            for offset in stride(from: 2, through: trailing, by: 1) where text.byte(at: index + offset) & 0xC0 != 0x80 {
                return index
            }
            index += trailing + 1
        }
        return nil
    }
}
