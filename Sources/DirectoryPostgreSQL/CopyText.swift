/// PostgreSQL's `COPY` text format, on bytes: fields separated by tabs, rows ended
/// by a newline, `\N` for `NULL`, and backslash escapes for backslash, tab, newline
/// and carriage return (and, when reading, `\b \f \v`, octal `\123` and hex `\x7F`).
enum CopyText {
    /// Where one field of a row lies in the row's bytes, escapes not decoded; `nil` for `\N`.
    typealias Field = Range<Int>?

    /// Splits `row` (with or without its final newline) into its fields.
    static func fields(of row: Span<UInt8>, into fields: inout [Field]) {
        fields.removeAll(keepingCapacity: true)
        var end = row.count
        if end > 0, row[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        var start = 0
        var index = 0
        while true {
            if index == end || row[index] == UInt8(ascii: "\t") {
                let isNull =
                    index - start == 2 && row[start] == UInt8(ascii: "\\") && row[start + 1] == UInt8(ascii: "N")
                fields.append(isNull ? nil : start..<index)
                if index == end { return }
                start = index + 1
            }
            index += 1
        }
    }

    /// The text of a field, escapes decoded.
    static func text(_ field: Span<UInt8>) -> String {
        guard !contains(UInt8(ascii: "\\"), in: field), let utf8 = try? UTF8Span(validating: field) else {
            return String(decoding: unescaped(field), as: UTF8.self)
        }
        return String(copying: utf8)
    }

    /// Whether `field` holds `byte`.
    static func contains(_ byte: UInt8, in field: Span<UInt8>) -> Bool {
        for index in field.indices where field[index] == byte { return true }
        return false
    }

    /// The bytes of a field, escapes decoded.
    static func unescaped(_ field: Span<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(field.count)
        var index = 0
        while index < field.count {
            let byte = field[index]
            index += 1
            guard byte == UInt8(ascii: "\\"), index < field.count else {
                output.append(byte)
                continue
            }
            let code = field[index]
            index += 1
            switch code {
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "v"): output.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(code - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < field.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(field[index]) {
                    value = value * 8 + UInt32(field[index] - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                output.append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "x"):
                var value: UInt8 = 0
                var digits = 0
                while digits < 2, index < field.count, let digit = hexValue(field[index]) {
                    value = value * 16 + digit
                    index += 1
                    digits += 1
                }
                if digits == 0 { output.append(code) } else { output.append(value) }
            default:
                output.append(code)
            }
        }
        return output
    }

    /// Appends `text` as a field, escaped.
    static func appendText(_ text: String, to output: inout [UInt8]) {
        let utf8 = text.utf8
        if needsEscapes(utf8.span) {
            appendEscaping(utf8.span, to: &output)
        } else {
            output.append(contentsOf: utf8)
        }
    }

    /// Appends `bytes` as a field, escaped.
    static func appendEscaped(_ bytes: [UInt8], to output: inout [UInt8]) {
        if needsEscapes(bytes.span) {
            appendEscaping(bytes.span, to: &output)
        } else {
            output.append(contentsOf: bytes)
        }
    }

    /// Appends `\N`, the `NULL` field.
    static func appendNull(to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: "N"))
    }

    /// Whether `field` holds a byte that is written escaped: backslash, newline, return or tab.
    private static func needsEscapes(_ field: Span<UInt8>) -> Bool {
        for index in field.indices {
            switch field[index] {
            case UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09: return true
            default: continue
            }
        }
        return false
    }

    /// Appends the bytes of `field`, each escaped that needs it.
    private static func appendEscaping(_ field: Span<UInt8>, to output: inout [UInt8]) {
        for index in field.indices {
            let escape: UInt8
            switch field[index] {
            case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
            case 0x0A: escape = UInt8(ascii: "n")
            case 0x0D: escape = UInt8(ascii: "r")
            case 0x09: escape = UInt8(ascii: "t")
            default:
                output.append(field[index])
                continue
            }
            output.append(UInt8(ascii: "\\"))
            output.append(escape)
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
