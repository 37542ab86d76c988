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
        string.withUTF8 { unsafe appendEscaped($0, to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends the UTF-8 bytes `text`, escaped but not quoted, to `output`.
    static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in 0..<text.count {
            let byte = unsafe text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
            else { continue }
            if runStart < index {
                unsafe output.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            }
            appendEscape(for: byte, to: &output)
            runStart = index + 1
        }
        if runStart < text.count {
            unsafe output.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
        }
    }

    /// Appends the escape sequence for one byte that needs escaping.
    private static func appendEscape(for byte: UInt8, to output: inout [UInt8]) {
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
            let hex: StaticString = "0123456789abcdef"
            output.append(UInt8(ascii: "\\"))
            output.append(UInt8(ascii: "u"))
            output.append(UInt8(ascii: "0"))
            output.append(UInt8(ascii: "0"))
            hex.withUTF8Buffer { digits in
                unsafe output.append(digits[Int(byte >> 4)])
                unsafe output.append(digits[Int(byte & 0xF)])
            }
            return
        }
        output.append(UInt8(ascii: "\\"))
        output.append(short)
    }
}
