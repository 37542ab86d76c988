/// The escaping and line folding of vCard text (RFC 6350 section 3).
enum VCardText {
    /// `text` with `\`, `,`, `;` and line breaks escaped for a property value: a line
    /// feed as `\n` (RFC 6350), a carriage return as `\r`, which RFC 6350 does not name
    /// (other address books may show it as `r`), so that `unescaped` gives the text back
    /// exactly.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ",": result += "\\,"
            case ";": result += "\\;"
            case "\r": result += "\\r"
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The text of an escaped value: `\n` and `\N` are line feeds, `\r` and `\R` carriage
    /// returns, and a backslash keeps any other next character.
    static func unescaped(_ value: Substring) -> String {
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                switch character {
                case "n", "N": result.append("\n")
                case "r", "R": result.append("\r")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The parts of a structured value (`ADR`), split at unescaped `;`, each unescaped.
    static func components(_ value: String) -> [String] {
        var parts: [String] = []
        var start = value.startIndex
        var index = value.startIndex
        var escaping = false
        while index < value.endIndex {
            let character = value[index]
            if escaping {
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == ";" {
                parts.append(unescaped(value[start..<index]))
                start = value.index(after: index)
            }
            index = value.index(after: index)
        }
        parts.append(unescaped(value[start...]))
        return parts
    }

    /// `line` as CRLF-terminated lines of at most 75 bytes; continuation lines
    /// start with a space. A UTF-8 sequence is never split.
    static func appendFolded(_ line: String, to output: inout [UInt8]) {
        let bytes = Array(line.utf8)
        var start = 0
        var limit = 75
        while bytes.count - start > limit {
            var end = start + limit
            while end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            output.append(contentsOf: bytes[start..<end])
            output.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = end
            limit = 74
        }
        output.append(contentsOf: bytes[start...])
        output.append(contentsOf: [0x0D, 0x0A])
    }
}
