/// JSON strings: a fast path for strings without escapes, which become a `String`
/// straight from the document's bytes, and a slower one that decodes escapes.
///
/// As Foundation's `JSONDecoder` does, this rejects unescaped control characters,
/// unknown escapes, `\u` escapes that leave a surrogate unpaired, and invalid UTF-8.
extension JSONScanner {
    /// Parses the string whose opening quote is at `position`, leaving `position` after its closing quote.
    mutating func parseString() throws(FileFormatError) -> String {
        let start = position + 1
        let (stop, ascii) = indexOfSpecialByte(from: start)
        guard stop < bytes.count else { throw error("unterminated string", at: start - 1) }
        switch bytes[stop] {
        case UInt8(ascii: "\""):
            position = stop + 1
            let text = bytes.extracting(start..<stop)
            if !ascii { try checkUTF8(text, at: start) }
            return String(utf8: text)
        case UInt8(ascii: "\\"):
            return try parseEscapedString(start: start, firstEscape: stop, ascii: ascii)
        default:
            throw controlCharacter(bytes[stop], at: stop)
        }
    }

    /// Where the UTF-8 of the string at the current position (just past its opening quote
    /// is where it starts) is in `bytes`, when it has no escapes, checked, consuming it;
    /// `nil`, consuming nothing, for a string with escapes, which `parseString` decodes.
    mutating func parseUnescapedString() throws(FileFormatError) -> Range<Int>? {
        let start = position + 1
        let (stop, ascii) = indexOfSpecialByte(from: start)
        guard stop < bytes.count else { throw error("unterminated string", at: start - 1) }
        switch bytes[stop] {
        case UInt8(ascii: "\""):
            if !ascii { try checkUTF8(bytes.extracting(start..<stop), at: start) }
            position = stop + 1
            return start..<stop
        case UInt8(ascii: "\\"):
            return nil
        default:
            throw controlCharacter(bytes[stop], at: stop)
        }
    }

    /// Parses a string from its first escape on, decoding into `scratch`; `ascii` says
    /// whether the bytes before that escape are all ASCII.
    private mutating func parseEscapedString(
        start: Int, firstEscape: Int, ascii: Bool
    ) throws(FileFormatError) -> String {
        scratch.removeAll(keepingCapacity: true)
        var runStart = start
        var (stop, ascii) = (firstEscape, ascii)
        while true {
            // Runs end at ASCII bytes, which never split a UTF-8 sequence, so each run is checked alone.
            let run = bytes.extracting(runStart..<stop)
            if !ascii { try checkUTF8(run, at: runStart) }
            scratch.append(run)
            guard stop < bytes.count else { throw error("unterminated string", at: start - 1) }
            switch bytes[stop] {
            case UInt8(ascii: "\""):
                position = stop + 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                runStart = try decodeEscape(at: stop)
            default:
                throw controlCharacter(bytes[stop], at: stop)
            }
            (stop, ascii) = indexOfSpecialByte(from: runStart)
        }
    }

    /// The offset of the first `"`, `\\` or control character at or after `index`, or the end of the
    /// document, and whether the bytes before it (from `index`) are all ASCII, so that text found
    /// ASCII on the way needs no UTF-8 check.
    ///
    /// Looks at eight bytes at a time: for each byte value `c` sought, `(w - 0x01…01 * c') & ~w & 0x80…80`
    /// flags the bytes equal to (or, for control characters, below) it. A borrow can flag a byte above
    /// a true match but never below one, so the lowest flag is always exact.
    @inline(__always)
    private func indexOfSpecialByte(from index: Int) -> (index: Int, ascii: Bool) {
        let count = bytes.count
        var index = index
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Every byte passed so far, or-ed together: ASCII while no high bit is set.
        var passed: UInt64 = 0
        while let loaded = bytes.word64(ifFitsAt: index) {
            let word = UInt64(littleEndian: loaded)
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            let flags =
                ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | (word &- ones &* 0x20) & ~word)
                & highs
            if flags != 0 {
                let before = flags.trailingZeroBitCount >> 3
                // The bytes of the word below the one found.
                passed |= word & ((1 &<< UInt64(before &* 8)) &- 1)
                return (index + before, passed & highs == 0)
            }
            passed |= word
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            passed |= UInt64(byte)
            index += 1
        }
        return (index, passed & highs == 0)
    }

    /// Decodes the escape whose backslash is at `index` into `scratch`; returns the offset after it.
    private mutating func decodeEscape(at index: Int) throws(FileFormatError) -> Int {
        guard index + 1 < bytes.count else { throw error("unterminated string", at: index) }
        let decoded: UInt8
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"): return try decodeUnicodeEscape(at: index)
        default:
            throw error("invalid escape \\\(describeByte(at: index + 1)) in a string", at: index)
        }
        scratch.append(decoded)
        return index + 2
    }

    /// Decodes `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, starting at `index`, as UTF-8 into `scratch`.
    private mutating func decodeUnicodeEscape(at index: Int) throws(FileFormatError) -> Int {
        let unit = try hexQuad(at: index)
        var scalarValue = UInt32(unit)
        var end = index + 6
        if unit >= 0xDC00 && unit <= 0xDFFF {
            throw error(
                "unpaired surrogate \\u\(hexByte(UInt8(unit >> 8)))\(hexByte(UInt8(unit & 0xFF))) in a string",
                at: index)
        }
        if unit >= 0xD800 && unit <= 0xDBFF {
            let low: UInt16? =
                end + 1 < bytes.count && bytes[end] == UInt8(ascii: "\\") && bytes[end + 1] == UInt8(ascii: "u")
                ? try hexQuad(at: end) : nil
            guard let low, low >= 0xDC00 && low <= 0xDFFF else {
                throw error(
                    "unpaired surrogate \\u\(hexByte(UInt8(unit >> 8)))\(hexByte(UInt8(unit & 0xFF))) in a string",
                    at: index)
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            end += 6
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            throw error("invalid \\u escape in a string", at: index)
        }
        UTF8.encode(scalar) { scratch.append($0) }
        return end
    }

    /// The four hexadecimal digits after the `\u` at `index`.
    private func hexQuad(at index: Int) throws(FileFormatError) -> UInt16 {
        guard bytes.count - index >= 6 else { throw error("incomplete \\u escape in a string", at: index) }
        var value: UInt16 = 0
        for offset in 2..<6 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: throw error("invalid \\u escape in a string: expected four hexadecimal digits", at: index)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Throws at the first byte of `text` (which starts at offset `start`) that is not valid UTF-8.
    ///
    /// `String(decoding:as:)`, the fast, specialised constructor, repairs invalid
    /// bytes silently, so text must be checked before it is used.
    @inline(__always)
    func checkUTF8(_ text: Span<UInt8>, at start: Int) throws(FileFormatError) {
        if let bad = UTF8Text.firstInvalid(in: text) {
            throw error("invalid utf-8 in a string", at: start + bad)
        }
    }

    /// The error for an unescaped control character in a string.
    func controlCharacter(_ byte: UInt8, at index: Int) -> FileFormatError {
        error("control character 0x\(hexByte(byte)) in a string; it must be escaped", at: index)
    }
}
