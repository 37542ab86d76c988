import CLibEdit

/// The prompt and the line being edited, drawn by this program instead of libedit, which
/// counts columns by code point: after `X👩‍💻` and Left its cursor went before the `X`, and
/// an accent mark typed after its letter moved it one column too far. Here the text is laid
/// out by grapheme cluster (`LineLayout`), the cursor never stops inside a cluster, and the
/// whole line is drawn again from its first row, so after a resize no old row stays above it.
/// A re-wrapping terminal that made the drawing taller than the rows above it (the line at the
/// screen's top, as after Ctrl-L) has pushed its first rows into the scrollback, out of reach:
/// the terminal re-wrapped them with the rest, so the drawing goes on from the first row still
/// on the screen, where drawing it whole again left a copy of the line above it.
final class LineDrawing {
    /// The prompt of the line being read (as the user sees it).
    var prompt = ""
    /// Whether the terminal re-wraps the rows it shows when the window is resized (tmux,
    /// VTE, kitty, iTerm2), or keeps each on its row, cut or padded (xterm, the Linux console):
    /// guessed from the environment, then learned from the terminal.
    var rewrapTest = RewrapTest(guess: true, mayAsk: false)

    /// What was drawn last, to draw only what changed and to find the first row again.
    private struct Drawn: Equatable {
        var prompt: String
        var line: String
        var cursor: Int
        var width: Int
        var layout: LineLayout
        /// How many of the layout's first rows are above the screen's top, out of reach.
        var hidden = 0
    }

    /// The last drawing, or `nil` when the next one starts afresh on the cursor's row.
    private var drawn: Drawn?
    /// The cursor's offset after the last key, to tell which way it moved.
    private var lastCursor = 0

    /// Draws for `reason` (see `clibedit_draw_reason`).
    func draw(_ editLine: EditLineEditor.EditedLine, reason: clibedit_draw_reason) {
        let width = Int(clibedit_terminal_width())
        switch reason {
        case CLIBEDIT_DRAW_KEY:
            lastCursor = snapCursor(editLine)
            return
        case CLIBEDIT_DRAW_LEAVE:
            leave()
            return
        case CLIBEDIT_DRAW_AFRESH:
            drawn = nil
        case CLIBEDIT_DRAW_CLEAR:
            clear()
        case CLIBEDIT_DRAW_RESIZED:
            // A terminal that re-wraps has moved the drawing's rows: find the first row there.
            // One that does not left each row where it was, the cursor on its row: the first
            // row is as far above as before.
            if var last = drawn {
                let rewrapped = LineLayout(prompt: last.prompt, line: last.line, cursor: last.cursor, width: width)
                var answer: LineLayout.Position?? = nil
                func place() -> LineLayout.Position? {
                    if let answer { return answer }
                    var row: Int32 = 0
                    var column: Int32 = 0
                    let answered = unsafe clibedit_cursor_position(RewrapTest.answerWait, &row, &column) == 1
                    answer = .some(answered ? LineLayout.Position(row: Int(row) - 1, column: Int(column) - 1) : nil)
                    return answer ?? nil
                }
                let rewraps = rewrapTest.rewraps(old: last.layout, rewrapped: rewrapped, width: width) {
                    place()?.column
                }
                if rewraps {
                    // Taller than before, or partly out of reach already: the cursor's row tells
                    // how many rows are above the screen now.
                    let taller = rewrapped.end.row > last.layout.end.row
                    if rewrapped.cursor.row == 0 {
                        last.hidden = 0
                    } else if taller || last.hidden > 0, rewrapTest.mayAskPlace {
                        let row = place()?.row
                        if row == nil { rewrapTest.mayAskPlace = false }
                        last.hidden = max(0, rewrapped.cursor.row - (row ?? rewrapped.cursor.row))
                    }
                    last.layout = rewrapped
                    drawn = last
                }
            }
        default:
            break
        }
        var (line, at) = editLine.withCharacters { characters, cursor in (WideText.string(characters), cursor) }
        if reason == CLIBEDIT_DRAW_FINISH {
            // libedit has added the newline that Enter ends the line with.
            if line.hasSuffix("\n") { line.removeLast() }
            at = line.unicodeScalars.count
            lastCursor = 0
        } else {
            at = snapCursor(editLine)
            lastCursor = at
        }
        let layout = LineLayout(prompt: prompt, line: line, cursor: at, width: width)
        var next = Drawn(
            prompt: prompt, line: line, cursor: at, width: width, layout: layout, hidden: drawn?.hidden ?? 0)
        if reason == CLIBEDIT_DRAW_UPDATE, next == drawn { return }
        let output: String
        (output, next.hidden) = Self.output(from: drawn, to: next)
        EditLineEditor.writeDrawing(output)
        drawn = reason == CLIBEDIT_DRAW_FINISH ? nil : next
        clibedit_set_exit_leave(drawn.map { Int32($0.layout.rowsBelowCursor) } ?? -1)
    }

    /// Moves the cursor of `editLine` off the inside of a grapheme cluster, the way it moved;
    /// returns its offset.
    private func snapCursor(_ editLine: EditLineEditor.EditedLine) -> Int {
        let lastCursor = self.lastCursor
        let (cursor, move) = editLine.withCharacters { characters, cursor -> (Int, Int) in
            guard cursor > 0, cursor < characters.count else { return (cursor, 0) }
            // Only the clusters around the cursor matter: far longer than any real character.
            let from = max(0, cursor - 64)
            let to = min(characters.count, cursor + 64)
            let around = WideText.string(characters.extracting(from..<to))
            let offset = cursor - from
            let snapped = Self.clusterBoundary(near: offset, in: around, movingLeft: cursor < lastCursor)
            return (cursor, snapped - offset)
        }
        guard move != 0 else { return cursor }
        return editLine.moveCursor(by: move)
    }

    /// Takes the drawing off the screen (the rows still on it) and clears the screen: what a
    /// terminal that keeps what a clear removes (tmux) keeps then holds no copy of the line.
    /// The next drawing starts afresh at the screen's top.
    private func clear() {
        EditLineEditor.writeDrawing(Self.clearing(drawn))
        drawn = nil
    }

    /// What to write to take `drawn` (its rows still on the screen) off, then clear the
    /// screen, the cursor at its top left.
    private static func clearing(_ drawn: Drawn?) -> String {
        var out = ""
        if let drawn {
            let up = drawn.layout.cursor.row - drawn.hidden
            if up > 0 { out += "\u{1B}[\(up)A" }
            out += "\r\u{1B}[J"
        }
        return out + "\u{1B}[H\u{1B}[2J"
    }

    /// Moves the cursor below the drawing's last row, where other output goes; the next drawing starts afresh.
    private func leave() {
        guard let layout = drawn?.layout else { return }
        let down = layout.end.row - layout.cursor.row
        EditLineEditor.writeDrawing(down > 0 ? "\u{1B}[\(down)B" : "")
        drawn = nil
        clibedit_set_exit_leave(-1)
    }

    /// What to write to go from the drawing `old` (or, with `nil`, the start of the cursor's row)
    /// to `new`: from the first cluster that changed (the prompt is written once), the text,
    /// the rest of the screen cleared, the cursor placed; and how many of its first rows are
    /// then out of reach. A change in rows out of reach clears the screen and draws the whole
    /// line at its top, as Ctrl-L does.
    private static func output(from old: Drawn?, to new: Drawn) -> (String, hidden: Int) {
        guard let old else { return (output(from: nil, to: new.layout, at: nil), 0) }
        var mark: LineLayout.Mark?
        if old.prompt == new.prompt, old.width == new.width {
            var same = 0
            for (before, after) in zip(old.line, new.line) {
                guard before == after else { break }
                same += 1
            }
            // A cluster that starts after the right edge cannot be reached by moving the cursor: one back.
            while same > 0, new.layout.marks[same].atEdge { same -= 1 }
            if !new.layout.marks[same].atEdge { mark = new.layout.marks[same] }
        } else if new.layout == old.layout, old.hidden > 0 {
            // Re-wrapped by the terminal after a resize: drawn again from the first row it shows.
            mark = new.layout.start(ofRow: old.hidden)
        }
        guard old.hidden > 0 else { return (output(from: old.layout, to: new.layout, at: mark), 0) }
        guard let mark, mark.position.row >= old.hidden else {
            return (clearing(old) + output(from: nil, to: new.layout, at: nil), 0)
        }
        return (output(from: old.layout, to: new.layout, at: mark), old.hidden)
    }

    /// What to write to go from `old` to `new`, drawing from `mark` (or, with `nil`, from the first row).
    static func output(from old: LineLayout?, to new: LineLayout, at mark: LineLayout.Mark?) -> String {
        var out = ""
        let startRow = mark?.position.row ?? 0
        let from = old?.cursor.row ?? 0
        if from > startRow { out += "\u{1B}[\(from - startRow)A" }
        if from < startRow { out += "\u{1B}[\(startRow - from)B" }
        out += "\r"
        if let mark {
            if mark.position.column > 0 { out += "\u{1B}[\(mark.position.column)C" }
            out += String(decoding: new.text.utf8.dropFirst(mark.offset), as: UTF8.self)
        } else {
            out += new.text
        }
        var row = new.end.row
        if new.endsAtEdge {
            // Past the edge for real (the terminal waits there to wrap), so that the cursor can
            // stand at the start of the next row and clearing spares the last character. The
            // space stays, cleared after: a terminal that re-wraps (tmux) then keeps the next
            // row as part of the line, where clearing it whole made it a line of its own, and
            // a resize left a copy of the line above the prompt.
            out += " \u{1B}[J\r"
            row += 1
        } else {
            out += "\u{1B}[J"
        }
        if row > new.cursor.row { out += "\u{1B}[\(row - new.cursor.row)A" }
        if row != new.cursor.row || new.cursor.column != new.end.column || new.endsAtEdge {
            out += "\r"
            if new.cursor.column > 0 { out += "\u{1B}[\(new.cursor.column)C" }
        }
        return out
    }

    /// `offset` (in scalars of `line`) when it is the start of a grapheme cluster or the end;
    /// otherwise the start of the cluster it falls in when the cursor moved left, else its end.
    static func clusterBoundary(near offset: Int, in line: String, movingLeft: Bool) -> Int {
        var start = 0
        for character in line {
            let end = start + character.unicodeScalars.count
            if offset <= start { return start }
            if offset < end { return movingLeft ? start : end }
            start = end
        }
        return start
    }
}
