/// The one escaping function for user data shown on a terminal: names, values, keys,
/// paths and commands echoed in messages. A terminal acts on some characters instead
/// of showing them, so a name could move the cursor, rewrite the screen, set the
/// window title, or reverse the order of what follows. Those are shown as `\u{…}`:
///
/// - C0 controls (U+0000–U+001F) and DEL (U+007F), ESC among them;
/// - C1 controls (U+0080–U+009F), such as U+009B, a one-character CSI;
/// - bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
///
/// Backslashes are left alone, so escaping twice changes nothing.
public enum VisibleText {
    /// `text` on one line: line breaks and tabs escaped too (`\n`, `\t`, `\r`), so one record stays one row.
    public static func of(_ text: String) -> String {
        escaped(text, keepingLines: false)
    }

    /// `text` as lines of a message: line breaks and tabs kept, every other such character escaped.
    public static func lines(_ text: String) -> String {
        escaped(text, keepingLines: true)
    }

    /// Whether a terminal may act on `scalar` rather than show it.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }

    private static func escaped(_ text: String, keepingLines: Bool) -> String {
        guard mayNeedEscaping(text) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingLines, "\t" where keepingLines: result.unicodeScalars.append(scalar)
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where isUnsafe(scalar): result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A quick look at the UTF-8 bytes: false when `text` surely holds nothing to escape
    /// (no byte below 0x20, no DEL, no C2 lead byte of a C1 control, no E2 lead byte of a bidi control).
    private static func mayNeedEscaping(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
    }

    /// `mayNeedEscaping` for text given as UTF-8 bytes.
    static func mayNeedEscaping(utf8: Span<UInt8>) -> Bool {
        for index in utf8.indices {
            let byte = utf8[index]
            if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 { return true }
        }
        return false
    }
}
