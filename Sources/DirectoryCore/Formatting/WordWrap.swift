/// Text broken into lines at word boundaries to fit a terminal's width, so that a
/// terminal never cuts a word in two at its edge (`quo` / `ted`).
public enum WordWrap {
    /// `text` with each line longer than `width` columns broken between words. A line's
    /// continuation is indented as far as its text starts, or, for a line of two columns
    /// (`  usage  summary`, as `help` prints), as far as its second column starts; when the
    /// first column takes more than half the width, the second starts on a row of its own
    /// below it, four columns further in. A word wider than the room left is broken where it must be.
    public static func wrap(_ text: String, width: Int) -> String {
        guard width > 0 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { wrapLine(String($0), width: width) }
            .joined(separator: "\n")
    }

    /// One line, wrapped.
    static func wrapLine(_ line: String, width: Int) -> String {
        guard DisplayWidth.of(line) > width else { return line }
        let (head, body) = split(line)
        guard DisplayWidth.of(head) > width / 2 else { return fill(head: head, body: body, width: width) }
        let indent = String(line.prefix { $0 == " " }.prefix(width / 2))
        let firstColumn = head.dropFirst(indent.count).reversed().drop { $0 == " " }.reversed()
        guard !firstColumn.isEmpty, !body.isEmpty, head.count > line.prefix(while: { $0 == " " }).count else {
            return fill(head: indent, body: String(line.dropFirst(indent.count)), width: width)
        }
        // Two columns that do not fit side by side: the second under the first, further in.
        let deeper = String(repeating: " ", count: min(indent.count + 4, width / 2))
        return fill(head: indent, body: String(firstColumn), width: width) + "\n"
            + fill(head: deeper, body: body, width: width)
    }

    /// `head` (kept whole on the first row, and as the indent of the next) followed by the
    /// words of `body`, broken into rows of at most `width` columns.
    private static func fill(head: String, body: String, width: Int) -> String {
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
