/// Turns the payloads of binary plist strings (`0x5n` ASCII, `0x6n` UTF-16
/// big-endian) into `String`s.
///
/// Like `PropertyListDecoder`, it rejects what is not text: bytes above 0x7F in
/// an ASCII string and unpaired UTF-16 surrogates. (`PropertyListSerialization`
/// would instead read such bytes as Latin-1 and surrogates as U+FFFD, which
/// would silently change the text on the next save.)
enum BinaryPlistStringDecoder {
    /// Decodes an ASCII string object.
    static func ascii(_ bytes: UnsafeRawBufferPointer, _ object: BinaryPlistObject) throws(FileFormatError) -> String {
        let text = unsafe UnsafeRawBufferPointer(rebasing: bytes[object.payload..<(object.payload + object.count)])
        guard unsafe !text.isEmpty else { return "" }
        if unsafe !UTF8Text.isASCII(text.bytes) {
            let bad = unsafe text.firstIndex { $0 >= 0x80 } ?? 0
            throw FileFormatError(
                unsafe "the ascii string at byte \(object.position) contains the non-ascii byte 0x\(String(text[bad], radix: 16))",
                offset: object.payload + bad)
        }
        return unsafe String(decoding: text, as: UTF8.self)
    }

    /// Decodes a UTF-16 big-endian string object, pairing surrogates.
    static func utf16(_ bytes: UnsafeRawBufferPointer, _ object: BinaryPlistObject) throws(FileFormatError) -> String {
        let units = object.count
        guard units > 0 else { return "" }
        var badUnit = -1
        let text = unsafe String(unsafeUninitializedCapacity: units * 3) { output -> Int in
            var written = 0
            var unit = 0
            let start = object.payload
            while unit < units {
                let position = start + 2 * unit
                let first = unsafe UInt32(bytes[position]) << 8 | UInt32(bytes[position + 1])
                var scalar = first
                if first >= 0xD800, first <= 0xDFFF {
                    guard first <= 0xDBFF, unit + 1 < units else {
                        badUnit = unit
                        return 0
                    }
                    let second = unsafe UInt32(bytes[position + 2]) << 8 | UInt32(bytes[position + 3])
                    guard second >= 0xDC00, second <= 0xDFFF else {
                        badUnit = unit
                        return 0
                    }
                    scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                    unit += 1
                }
                unit += 1
                written = unsafe encodeUTF8(scalar, into: output, at: written)
            }
            return written
        }
        guard badUnit < 0 else {
            throw FileFormatError(
                "the utf-16 string at byte \(object.position) contains an unpaired surrogate",
                offset: object.payload + 2 * badUnit)
        }
        return text
    }

    /// Writes `scalar` (a valid Unicode scalar value) as UTF-8 and returns the new length.
    @inline(__always)
    private static func encodeUTF8(_ scalar: UInt32, into output: UnsafeMutableBufferPointer<UInt8>, at index: Int)
        -> Int
    {
        switch scalar {
        case 0..<0x80:
            unsafe output[index] = UInt8(truncatingIfNeeded: scalar)
            return index + 1
        case 0x80..<0x800:
            unsafe output[index] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
            unsafe output[index + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return index + 2
        case 0x800..<0x10000:
            unsafe output[index] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
            unsafe output[index + 1] = UInt8(truncatingIfNeeded: 0x80 | (scalar >> 6) & 0x3F)
            unsafe output[index + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return index + 3
        default:
            unsafe output[index] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
            unsafe output[index + 1] = UInt8(truncatingIfNeeded: 0x80 | (scalar >> 12) & 0x3F)
            unsafe output[index + 2] = UInt8(truncatingIfNeeded: 0x80 | (scalar >> 6) & 0x3F)
            unsafe output[index + 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return index + 4
        }
    }
}
