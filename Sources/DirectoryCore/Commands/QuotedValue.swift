/// The rules for a value written on a command line: taken literally, unless the
/// whole value is one quoted string.
public enum QuotedValue {
    /// The value of `text` (already stripped of surrounding white space).
    ///
    /// - `"…"` is unquoted, with the escapes `\"`, `\\`, `\n`, `\t` and `\r`.
    /// - `'…'` is unquoted with no escapes, when it holds no other `'`.
    /// - Anything else, such as `O'Brien`, is the text itself.
    public static func parse(_ text: Substring) throws(ParseError) -> String {
        guard let first = text.first else { return "" }
        if first == "'" {
            let inner = text.dropFirst()
            if text.count >= 2, inner.last == "'", !inner.dropLast().contains("'") {
                return String(inner.dropLast())
            }
            return String(text)
        }
        guard first == "\"" else { return String(text) }
        if let inner = withoutEscapes(text) { return String(inner) }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            switch character {
            case "\"":
                guard index == text.endIndex else {
                    throw .textAfterQuote(String(text[index...]))
                }
                return result
            case "\\":
                guard index < text.endIndex else { throw .unterminatedQuote }
                let escaped = text[index]
                index = text.index(after: index)
                switch escaped {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                default: throw .invalidEscape("\\\(escaped)")
                }
            default:
                result.append(character)
            }
        }
        throw .unterminatedQuote
    }

    /// The inside of `"…"` when its only `"` are the first and last bytes and it has
    /// no `\`: the common case, cut out on UTF-8 bytes without decoding characters.
    private static func withoutEscapes(_ text: Substring) -> Substring? {
        let utf8 = text.utf8
        guard let stop = utf8.dropFirst().firstIndex(where: { $0 == 0x22 || $0 == 0x5C }), utf8[stop] == 0x22,
            utf8.index(after: stop) == utf8.endIndex
        else { return nil }
        return text[utf8.index(after: text.startIndex)..<stop]
    }
}
