import DirectoryCore

/// Where the prompt and the line land on the screen, by grapheme cluster with the widths a
/// terminal gives them (`DisplayWidth`): a joined emoji, a flag and a letter with accent marks
/// take their columns as one. What the prompt line draws, and where its cursor goes.
struct LineLayout: Equatable {
    /// What to write: the text, with spaces where a wide character did not fit at a row's end.
    var text = ""
    /// The row (from the drawing's first) and column after the text.
    var end = Position()
    /// The row and column of the cursor.
    var cursor = Position()
    /// Whether the text ends exactly at the right edge (the terminal waits to wrap).
    var endsAtEdge = false
    /// Where each cluster of the line starts, and then where the line ends: to draw again
    /// from the first cluster that changed.
    var marks: [Mark] = []
    /// Where each row after the first starts in `text`, in UTF-8 bytes: to draw again from a
    /// row when those above it cannot be reached.
    private var rowStarts: [Int] = []

    /// Where drawing a cluster starts: its place (before any blank that pushes it to the next
    /// row), and its offset in `text` in UTF-8 bytes.
    struct Mark: Equatable {
        var position: Position
        /// Whether the text before it ends at the right edge (the place is then not one the
        /// cursor can be moved to).
        var atEdge: Bool
        var offset: Int
    }

    /// A place on the screen, relative to the drawing's first row.
    struct Position: Equatable {
        var row = 0
        var column = 0
    }

    /// The layout of `prompt` followed by `line` in a window `width` columns wide, with the
    /// cursor before the cluster that starts at scalar offset `cursor` of `line`.
    init(prompt: String, line: String, cursor: Int, width: Int) {
        let width = max(width, 1)
        for character in prompt { place(character, width: width) }
        var offset = 0
        var cursorPlaced = false
        for character in line {
            marks.append(Mark(position: end, atEdge: endsAtEdge, offset: text.utf8.count))
            if !cursorPlaced, offset >= cursor {
                self.cursor = startOfNext(width: width)
                cursorPlaced = true
            }
            place(character, width: width)
            offset += character.unicodeScalars.count
        }
        marks.append(Mark(position: end, atEdge: endsAtEdge, offset: text.utf8.count))
        if !cursorPlaced { self.cursor = startOfNext(width: width) }
    }

    /// Where drawing row `row` starts: a place the cursor can be moved to, and the offset in
    /// `text` from which to write; the end when the text does not reach that row.
    func start(ofRow row: Int) -> Mark {
        guard row > 0 else { return Mark(position: Position(), atEdge: false, offset: 0) }
        guard row <= rowStarts.count else {
            return Mark(position: startOfNext(width: Int.max), atEdge: false, offset: text.utf8.count)
        }
        return Mark(position: Position(row: row, column: 0), atEdge: false, offset: rowStarts[row - 1])
    }

    /// How many rows of the drawing are below the cursor's.
    var rowsBelowCursor: Int { max(0, end.row - cursor.row) }

    /// Where the next cluster starts: the next row when the text ends at the edge.
    private func startOfNext(width: Int) -> Position {
        endsAtEdge ? Position(row: end.row + 1, column: 0) : end
    }

    /// Adds one cluster.
    private mutating func place(_ character: Character, width: Int) {
        if character == "\n" {
            text += "\r\n"
            rowStarts.append(text.utf8.count)
            end = Position(row: startOfNext(width: width).row + (endsAtEdge ? 0 : 1), column: 0)
            endsAtEdge = false
            return
        }
        var shown = String(character)
        var columns = DisplayWidth.of(character)
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
            scalar.value < 0x20 || scalar.value == 0x7F
        {
            // A control character typed literally (Ctrl-V): shown as ^X, as libedit does.
            shown = "^" + String(UnicodeScalar(UInt8(scalar.value ^ 0x40)))
            columns = 2
        }
        if endsAtEdge {
            end = Position(row: end.row + 1, column: 0)
            endsAtEdge = false
            rowStarts.append(text.utf8.count)
        }
        if columns > 0, end.column + columns > width, end.column > 0 {
            // Does not fit: the rest of the row stays blank, as terminals do.
            text += String(repeating: " ", count: width - end.column)
            end = Position(row: end.row + 1, column: 0)
            rowStarts.append(text.utf8.count)
        }
        text += shown
        end.column += columns
        if end.column >= width {
            end.column = width
            endsAtEdge = true
        }
    }
}
