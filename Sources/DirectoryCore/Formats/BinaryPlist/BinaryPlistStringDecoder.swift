/// Turns the payloads of binary plist strings (`0x5n` ASCII, `0x6n` UTF-16
/// big-endian) into `String`s.
///
/// Like `PropertyListDecoder`, it rejects what is not text: bytes above 0x7F in
/// an ASCII string and unpaired UTF-16 surrogates. (`PropertyListSerialization`
/// would instead read such bytes as Latin-1 and surrogates as U+FFFD, which
/// would silently change the text on the next save.)
enum BinaryPlistStringDecoder {
    /// Decodes an ASCII string object.
    static func ascii(_ bytes: Span<UInt8>, _ object: BinaryPlistObject) throws(FileFormatError) -> String {
        let text = bytes.extracting(object.payload..<(object.payload + object.count))
        guard !text.isEmpty else { return "" }
        if !UTF8Text.isASCII(text.rawBytes) {
            var bad = 0
            while text[bad] < 0x80 { bad += 1 }
            throw FileFormatError(
                "the ascii string at byte \(object.position) contains the non-ascii byte 0x\(String(text[bad], radix: 16))",
                offset: object.payload + bad)
        }
        return String(utf8: text)
    }

    /// Decodes a UTF-16 big-endian string object, pairing surrogates.
    static func utf16(_ bytes: Span<UInt8>, _ object: BinaryPlistObject) throws(FileFormatError) -> String {
        let units = object.count
        guard units > 0 else { return "" }
        var failure: FileFormatError?
        let utf8 = [UInt8](capacity: units * 3) { text in
            var unit = 0
            let start = object.payload
            while unit < units {
                let position = start + 2 * unit
                let first = UInt32(bytes[position]) << 8 | UInt32(bytes[position + 1])
                var scalar = first
                if first >= 0xD800, first <= 0xDFFF {
                    guard first <= 0xDBFF, unit + 1 < units else {
                        failure = unpaired(object, unit: unit)
                        return
                    }
                    let second = UInt32(bytes[position + 2]) << 8 | UInt32(bytes[position + 3])
                    guard second >= 0xDC00, second <= 0xDFFF else {
                        failure = unpaired(object, unit: unit)
                        return
                    }
                    scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                    unit += 1
                }
                unit += 1
                encodeUTF8(scalar, to: &text)
            }
        }
        if let failure { throw failure }
        return String(utf8: utf8.span)
    }

    /// The error for an unpaired surrogate at UTF-16 unit `unit` of `object`.
    private static func unpaired(_ object: BinaryPlistObject, unit: Int) -> FileFormatError {
        FileFormatError(
            "the utf-16 string at byte \(object.position) contains an unpaired surrogate",
            offset: object.payload + 2 * unit)
    }

    /// Appends `scalar` (a valid Unicode scalar value) as UTF-8.
    @inline(__always)
    private static func encodeUTF8(_ scalar: UInt32, to output: inout OutputSpan<UInt8>) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(truncatingIfNeeded: scalar))
        case 0x80..<0x800:
            output.append(UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12))
            output.append(UInt8(truncatingIfNeeded: 0x80 | (scalar >> 6) & 0x3F))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18))
            output.append(UInt8(truncatingIfNeeded: 0x80 | (scalar >> 12) & 0x3F))
            output.append(UInt8(truncatingIfNeeded: 0x80 | (scalar >> 6) & 0x3F))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        }
    }
}
