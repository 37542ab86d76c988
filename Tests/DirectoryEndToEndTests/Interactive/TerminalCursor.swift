import DirectoryCore

/// Where a terminal's cursor ends up after some output: the column only, for a line
/// that does not wrap. Understands what the prompt writes when it edits a line: text
/// by grapheme cluster as tmux, kitty, VTE and iTerm2 show it (wide characters, a joined
/// emoji and a flag take two columns, a letter with accent marks one), `\r`, `\b`, and the
/// CSI sequences `G` (to a column), `C` and `D` (right and left); others move nothing.
enum TerminalCursor {
    /// The 0-based column after `output`.
    static func column(after output: String) -> Int {
        var column = 0
        var scalars = output.unicodeScalars.makeIterator()
        var run = String.UnicodeScalarView()
        // Text between two controls, measured as a whole: its clusters join across scalars.
        func endRun() {
            column += DisplayWidth.of(String(run))
            run = String.UnicodeScalarView()
        }
        while let scalar = scalars.next() {
            if scalar.value >= 0x20, scalar.value != 0x7F, scalar != "\u{1B}" {
                run.append(scalar)
                continue
            }
            endRun()
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
                break
            }
        }
        endRun()
        return column
    }
}
