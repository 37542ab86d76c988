/// Whether text fits a terminal window, counting the rows long lines wrap onto,
/// so that the prompt pages only what would scroll off the screen.
public enum ScreenFit {
    /// Whether `text` takes more than `rows` rows of a terminal `width` columns wide.
    /// Colour escapes (`ESC[…m`) take no room. Stops counting once the answer is known,
    /// so a 200,000-line listing costs no more than a screenful.
    public static func isTaller(_ text: String, than rows: Int, width: Int) -> Bool {
        let width = max(width, 1)
        var used = 0
        var lineStart = text.startIndex
        while lineStart < text.endIndex {
            let lineEnd = text[lineStart...].firstIndex(of: "\n") ?? text.endIndex
            used += rowsOf(text[lineStart..<lineEnd], width: width)
            if used > rows { return true }
            guard lineEnd < text.endIndex else { break }
            lineStart = text.index(after: lineEnd)
        }
        return false
    }

    /// The rows one line (without its newline) takes: at least one.
    static func rowsOf(_ line: Substring, width: Int) -> Int {
        let columns = DisplayWidth.of(withoutEscapes(line))
        return max(1, (columns + width - 1) / width)
    }

    /// `line` without `ESC[…X` control sequences.
    static func withoutEscapes(_ line: Substring) -> String {
        guard line.contains("\u{1B}") else { return String(line) }
        var result = ""
        var inEscape = false
        var afterEscape = false
        for scalar in line.unicodeScalars {
            if afterEscape {
                afterEscape = false
                inEscape = scalar == "["
                continue
            }
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                afterEscape = true
                continue
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
