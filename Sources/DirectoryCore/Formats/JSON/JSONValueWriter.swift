/// Writes a `PropertyValue` — a record's unknown key — as compact JSON.
///
/// Values JSON has no type for are written as `JSONEncoder` writes the matching
/// Foundation types: `.date` as seconds since 2001, `.data` as a Base64 string.
enum JSONValueWriter {
    /// Appends `value` to `output`.
    static func append(_ value: PropertyValue, to output: inout [UInt8]) {
        switch value {
        case .string(let text):
            JSONStringEscaper.appendQuoted(text, to: &output)
        case .integer(let number):
            JSONNumberWriter.appendInteger(number, to: &output)
        case .real(let number):
            JSONNumberWriter.appendReal(number, to: &output)
        case .float(let number):
            // As `JSONEncoder` writes a `Float`: its own shortest text, not the wider `Double`'s.
            output.append(contentsOf: (number.isFinite ? number.description : "null").utf8)
        case .numberText(let text):
            // A JSON number as read; an XML `<real>`'s text (`+infinity`, `.5`) only when JSON can hold it.
            if JSONValueWriter.isJSONNumber(text) {
                output.append(contentsOf: text.utf8)
            } else {
                JSONNumberWriter.appendReal(Double(text) ?? .nan, to: &output)
            }
        case .bool(let flag):
            output.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .date(let seconds):
            JSONNumberWriter.appendSeconds(seconds, to: &output)
        case .data(let bytes):
            output.append(UInt8(ascii: "\""))
            appendBase64(bytes, to: &output)
            output.append(UInt8(ascii: "\""))
        case .null:
            output.append(contentsOf: "null".utf8)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                append(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .dictionary(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONStringEscaper.appendQuoted(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                append(member.value, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `bytes` in standard Base64 with `=` padding, escaping `/` as `\/`
    /// as `JSONEncoder` does when it writes `Data`.
    static func appendBase64(_ bytes: [UInt8], to output: inout [UInt8]) {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        do {
            func emit(_ sextet: UInt32) {
                let symbol = table[Int(sextet & 0x3F)]
                if symbol == UInt8(ascii: "/") { output.append(UInt8(ascii: "\\")) }
                output.append(symbol)
            }
            var index = 0
            while index + 3 <= bytes.count {
                let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                emit(group >> 18)
                emit(group >> 12)
                emit(group >> 6)
                emit(group)
                index += 3
            }
            let remaining = bytes.count - index
            if remaining > 0 {
                let second = remaining == 2 ? UInt32(bytes[index + 1]) : 0
                let group = UInt32(bytes[index]) << 16 | second << 8
                emit(group >> 18)
                emit(group >> 12)
                if remaining == 2 { emit(group >> 6) } else { output.append(UInt8(ascii: "=")) }
                output.append(UInt8(ascii: "="))
            }
        }
    }

    /// Whether `text` is a number as RFC 8259 writes one.
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        bytes.append(UInt8(ascii: "]"))
        var scanner = JSONScanner(bytes.span)
        guard (try? scanner.parseNumber()) != nil else { return false }
        return scanner.position == bytes.count - 1
    }
}
