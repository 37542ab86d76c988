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

    /// How many bytes `text` starts with that are ASCII: the offset of its first byte
    /// from 0x80 up, or its length. Eight bytes at a time.
    @inline(__always)
    package static func asciiPrefixLength(_ text: RawSpan) -> Int {
        var index = 0
        while let word = text.word64(ifFitsAt: index) {
            let highs = UInt64(littleEndian: word) & 0x8080_8080_8080_8080
            if highs != 0 { return index + highs.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < text.byteCount, text.byte(at: index) < 0x80 { index += 1 }
        return index
    }

    /// The offset in `text` of the first byte that does not start a valid
    /// UTF-8 sequence (overlong forms, surrogates and values past U+10FFFF
    /// included), or `nil` if all of `text` is valid: the standard library's
    /// validation (`UTF8Span`), whose error starts at that byte, of what follows the
    /// ASCII the text starts with (the common case: a script's lines, a field's text),
    /// which is passed over eight bytes at a time and never looked at twice.
    public static func firstInvalid(in text: Span<UInt8>) -> Int? {
        let start = asciiPrefixLength(text.rawBytes)
        if start == text.count { return nil }
        do {
            _ = try UTF8Span(validating: text.extracting(start..<text.count))
            return nil
        } catch {
            return start + error.byteOffsets.lowerBound
        }
    }
}
