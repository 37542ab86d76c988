/// Text broken into lines at word boundaries to fit a terminal's width, so that a
/// terminal never cuts a word in two at its edge (`quo` / `ted`).
public enum WordWrap {
    /// `text` with each line longer than `width` columns broken between words. A line's
    /// continuation is indented as far as its text starts, or, for a line of two columns
    /// (`  usage  summary`, as `help` prints), as far as its second column starts. A word
    /// wider than the room left is broken where it must be.
    public static func wrap(_ text: String, width: Int) -> String {
        guard width > 0 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { wrapLine(String($0), width: width) }
            .joined(separator: "\n")
    }

    /// One line, wrapped.
    static func wrapLine(_ line: String, width: Int) -> String {
        guard DisplayWidth.of(line) > width else { return line }
        var (head, body) = split(line)
        if DisplayWidth.of(head) > width / 2 {
            let spaces = line.prefix { $0 == " " }.prefix(width / 2)
            (head, body) = (String(spaces), String(line.dropFirst(spaces.count)))
        }
        let indent = String(repeating: " ", count: DisplayWidth.of(head))
        var rows: [String] = []
        var row = head
        var rowWidth = DisplayWidth.of(head)
        var hasWord = false
        for piece in body.split(separator: " ") {
            var word = String(piece)
            var wordWidth = DisplayWidth.of(word)
            if hasWord, rowWidth + 1 + wordWidth <= width {
                row += " " + word
                rowWidth += 1 + wordWidth
                continue
            }
            if hasWord {
                rows.append(row)
                (row, rowWidth) = (indent, indent.count)
            }
            // Wider than the room left: cut into pieces that fill rows.
            while rowWidth + wordWidth > width {
                let (start, rest) = cut(word, to: width - rowWidth)
                rows.append(row + start)
                (row, rowWidth) = (indent, indent.count)
                word = rest
                wordWidth = DisplayWidth.of(word)
            }
            row += word
            rowWidth += wordWidth
            hasWord = true
        }
        rows.append(row)
        return rows.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// The part of `line` kept whole on its first row (its indent, and the first column of a
    /// two-column line with the spaces after it) and the words after it.
    private static func split(_ line: String) -> (head: String, body: String) {
        let indent = line.prefix { $0 == " " }
        let rest = line[indent.endIndex...]
        if let gap = rest.firstRange(of: "  ") {
            let secondColumn = rest[gap.upperBound...].drop { $0 == " " }
            if !secondColumn.isEmpty {
                return (String(line[..<secondColumn.startIndex]), String(secondColumn))
            }
        }
        return (String(indent), String(rest))
    }

    /// The first characters of `word` that fit in `columns` (at least one), and the rest.
    private static func cut(_ word: String, to columns: Int) -> (String, String) {
        var piece = ""
        var used = 0
        for character in word {
            let width = DisplayWidth.of(character)
            if used + width > columns, !piece.isEmpty { break }
            piece.append(character)
            used += width
        }
        return (piece, String(word.dropFirst(piece.count)))
    }
}
