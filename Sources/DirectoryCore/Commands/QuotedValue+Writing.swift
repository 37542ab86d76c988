/// Writing a value so that `QuotedValue.parse` reads it back as it is: for the commands a
/// message offers to type (`merge! "my copy.plist"`, `set office "Briggs 413"`).
extension QuotedValue {
    /// `text` as a command line takes it: as it is when it reads back the same, else in
    /// double quotes with `\"`, `\\`, `\n`, `\t` and `\r` escaped.
    public static func written(_ text: String) -> String {
        let plain =
            !text.isEmpty && text.first != "\"" && text.first != "'"
            && text.first?.isWhitespace == false && text.last?.isWhitespace == false
            && !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        guard !plain else { return text }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
