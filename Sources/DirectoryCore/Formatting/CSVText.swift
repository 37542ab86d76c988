/// RFC 4180 fields.
public enum CSVText {
    /// `text` as a CSV field: quoted, with quotes doubled, when it holds a comma,
    /// a quote, a line break or leading/trailing spaces.
    public static func field(_ text: String) -> String {
        let needsQuotes =
            text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            || text.hasPrefix(" ") || text.hasSuffix(" ")
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension String {
    /// `self` with every `target` replaced, without Foundation.
    func replacingOccurrences(of target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
