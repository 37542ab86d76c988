/// PostgreSQL's `COPY` text format, on bytes: fields separated by tabs, rows ended
/// by a newline, `\N` for `NULL`, and backslash escapes for backslash, tab, newline
/// and carriage return (and, when reading, `\b \f \v`, octal `\123` and hex `\x7F`).
enum CopyText {
    /// The bytes of one field of a row, without escapes decoded; `nil` for `\N`.
    typealias Field = UnsafeRawBufferPointer?

    /// Splits `row` (with or without its final newline) into its fields.
    static func fields(of row: UnsafeRawBufferPointer, into fields: inout [Field]) {
        unsafe fields.removeAll(keepingCapacity: true)
        var end = row.count
        if end > 0, unsafe row[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        var start = 0
        var index = 0
        while true {
            if unsafe index == end || row[index] == UInt8(ascii: "\t") {
                let field = unsafe UnsafeRawBufferPointer(rebasing: row[start..<index])
                let isNull = unsafe field.count == 2 && field[0] == UInt8(ascii: "\\") && field[1] == UInt8(ascii: "N")
                unsafe fields.append(isNull ? nil : field)
                if index == end { return }
                start = index + 1
            }
            index += 1
        }
    }

    /// Where `field`, one of the fields of `row` that `fields(of:into:)` found, lies in `row`.
    static func range(of field: UnsafeRawBufferPointer, in row: UnsafeRawBufferPointer) -> Range<Int> {
        guard let base = row.baseAddress, let start = field.baseAddress else { return 0..<0 }
        return unsafe (start - base)..<(start - base + field.count)
    }

    /// The text of a field, escapes decoded.
    static func text(_ field: UnsafeRawBufferPointer) -> String {
        guard unsafe field.contains(UInt8(ascii: "\\")) else { return unsafe String(decoding: field, as: UTF8.self) }
        return unsafe String(decoding: unescaped(field), as: UTF8.self)
    }

    /// The bytes of a field, escapes decoded.
    static func unescaped(_ field: UnsafeRawBufferPointer) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(field.count)
        var index = 0
        while index < field.count {
            let byte = unsafe field[index]
            index += 1
            guard byte == UInt8(ascii: "\\"), index < field.count else {
                output.append(byte)
                continue
            }
            let code = unsafe field[index]
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
                while digits < 3, index < field.count,
                    unsafe (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(field[index])
                {
                    value = unsafe value * 8 + UInt32(field[index] - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                output.append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "x"):
                var value: UInt8 = 0
                var digits = 0
                while digits < 2, index < field.count, let digit = unsafe hexValue(field[index]) {
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
        var text = text
        text.withUTF8 { unsafe appendEscaped(UnsafeRawBufferPointer($0), to: &output) }
    }

    /// Appends the bytes of `field` escaped.
    static func appendEscaped(_ field: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        var start = 0
        for index in 0..<field.count {
            let escape: UInt8
            switch unsafe field[index] {
            case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
            case 0x0A: escape = UInt8(ascii: "n")
            case 0x0D: escape = UInt8(ascii: "r")
            case 0x09: escape = UInt8(ascii: "t")
            default: continue
            }
            unsafe output.append(contentsOf: UnsafeRawBufferPointer(rebasing: field[start..<index]))
            output.append(UInt8(ascii: "\\"))
            output.append(escape)
            start = index + 1
        }
        unsafe output.append(contentsOf: UnsafeRawBufferPointer(rebasing: field[start...]))
    }

    /// Appends `\N`, the `NULL` field.
    static func appendNull(to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: "N"))
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
