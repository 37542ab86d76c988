/// Writes strings as JSON string literals exactly as Foundation's `JSONEncoder`
/// does on Linux: `"` `\` and `/` escaped with a backslash, `\b \t \n \f \r` in
/// their short forms, other control characters as `\u00xx` (lowercase hex), and
/// everything else — DEL, U+2028, non-ASCII — as raw UTF-8.
enum JSONStringEscaper {
    /// Appends `string`, quoted and escaped, to `output`.
    @inline(__always)
    static func appendQuoted(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.makeContiguousUTF8()
        appendEscaped(string.utf8.span, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// Appends the UTF-8 bytes `text`, escaped but not quoted, to `output`.
    static func appendEscaped(_ text: Span<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        var index = 0
        while index < text.count {
            if let word = text.word64(ifFitsAt: index), !needsEscape(anyOf: word) {
                index &+= 8
                continue
            }
            let byte = text[index]
            index &+= 1
            guard needsEscape(byte) else { continue }
            let escaped = index &- 1
            if runStart < escaped { output.append(text.extracting(runStart..<escaped)) }
            appendEscape(for: byte, to: &output)
            runStart = index
        }
        if runStart < text.count { output.append(text.extracting(runStart..<text.count)) }
    }

    /// Whether `byte` is written as an escape sequence.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
    }

    /// Whether one of the eight bytes of `word` is written as an escape sequence: a control
    /// character (below 0x20), `"`, `\\` or `/`. Exact, so text without any is passed over
    /// eight bytes at a time.
    @inline(__always)
    static func needsEscape(anyOf word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let slash = word ^ (ones &* 0x2F)
        // A byte below 0x20, or one equal to 0 after an exclusive or, borrows into its high bit.
        let found =
            ((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
            | ((slash &- ones) & ~slash)
        return found & highs != 0
    }

    /// Appends the escape sequence for one byte that needs escaping.
    static func appendEscape(for byte: UInt8, to output: inout [UInt8]) {
        let short: UInt8
        switch byte {
        case UInt8(ascii: "\""): short = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): short = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): short = UInt8(ascii: "/")
        case 0x08: short = UInt8(ascii: "b")
        case 0x09: short = UInt8(ascii: "t")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0C: short = UInt8(ascii: "f")
        case 0x0D: short = UInt8(ascii: "r")
        default:
            output.append(UInt8(ascii: "\\"))
            output.append(UInt8(ascii: "u"))
            output.append(UInt8(ascii: "0"))
            output.append(UInt8(ascii: "0"))
            output.append(hexDigit(byte >> 4))
            output.append(hexDigit(byte & 0xF))
            return
        }
        output.append(UInt8(ascii: "\\"))
        output.append(short)
    }

    /// The lowercase hexadecimal digit of `nibble` (0–15).
    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
    }
}
