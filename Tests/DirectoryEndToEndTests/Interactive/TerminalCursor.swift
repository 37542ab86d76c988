import DirectoryCore

/// Where a terminal's cursor ends up after some output: the column only, for a line
/// that does not wrap. Understands what libedit writes when it edits a line: text
/// (wide characters take two columns, zero-width ones none), `\r`, `\b`, and the CSI
/// sequences `G` (to a column), `C` and `D` (right and left); others move nothing.
enum TerminalCursor {
    /// The 0-based column after `output`.
    static func column(after output: String) -> Int {
        var column = 0
        var scalars = output.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\r": column = 0
            case "\n": column = 0
            case "\u{08}": column = max(0, column - 1)
            case "\u{07}", "\u{01}": break
            case "\u{1B}":
                guard scalars.next() == "[" else { continue }
                var parameter = ""
                while let next = scalars.next() {
                    if next.properties.numericType != nil || next == ";" || next == "?" {
                        parameter.unicodeScalars.append(next)
                        continue
                    }
                    let count = Int(parameter) ?? 1
                    switch next {
                    case "G": column = max(0, count - 1)
                    case "C": column += count
                    case "D": column = max(0, column - count)
                    default: break
                    }
                    break
                }
            default:
                column += DisplayWidth.of(scalar)
            }
        }
        return column
    }
}
