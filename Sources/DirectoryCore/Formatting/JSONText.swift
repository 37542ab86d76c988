/// JSON text for output: strings escaped, values written compactly.
public enum JSONText {
    /// `text` as a JSON string literal; the characters `VisibleText` escapes are written
    /// as `\uXXXX`, so printed JSON is safe on a terminal and still reads back the same.
    public static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where VisibleText.isUnsafe(scalar):  // controls and bidi overrides, harmless at a terminal
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A property value as JSON text (dates as ISO 8601 strings, data as a byte count).
    public static func value(_ value: PropertyValue) -> String {
        switch value {
        case .string(let text): return string(text)
        case .integer(let number): return String(number)
        case .real(let number): return number.isFinite ? String(number) : "null"
        case .float(let number): return number.isFinite ? number.description : "null"
        case .numberText(let digits): return digits
        case .bool(let flag): return flag ? "true" : "false"
        case .date(let seconds): return string(DateText.exact(seconds))
        case .data(let bytes): return string("<\(bytes.count) bytes>")
        case .null: return "null"
        case .array(let items): return "[" + items.map(self.value).joined(separator: ",") + "]"
        case .dictionary(let pairs):
            return "{" + pairs.map { string($0.key) + ":" + self.value($0.value) }.joined(separator: ",") + "}"
        }
    }
}
