import CLibEdit
import DirectoryCore

/// Ctrl-R: searches the history backwards as the pattern is typed, as readline does. The
/// prompt becomes ``(reverse-i-search)`PATTERN': `` and the line the newest one that contains
/// the pattern (`HistorySearch`: without capitals, regardless of case and accents), the cursor
/// at the match. Ctrl-R again finds an older one; Backspace takes the last character back off
/// the pattern and returns to the line found before it; Enter runs the line found; Ctrl-G
/// puts the line back as it was; Escape keeps the line found for editing, and any other key
/// keeps it and does its work (Left, Ctrl-A, Ctrl-E move in it). libedit's own search, drawn
/// in the line and ended by Backspace, left its cursor elsewhere than the screen showed.
final class SearchKey {
    /// The history, oldest first.
    var history: () -> [String] = { [] }

    /// The pattern of the last search, which Ctrl-R with no pattern looks for again.
    private var lastPattern = ""

    /// Where a search is: the pattern typed, the line found and whether the last key found none.
    private struct Step {
        var pattern = ""
        var match: HistorySearch.Match?
        var failed = false
    }

    /// Handles Ctrl-R in `line`, drawn by `drawing`; returns libedit's CC_* code.
    func press(in line: EditLineEditor.EditedLine, drawing: LineDrawing) -> UInt8 {
        let entries = history()
        let original = line.state
        let prompt = drawing.prompt
        defer { drawing.prompt = prompt }
        var step = Step()
        var earlier: [Step] = []
        while true {
            show(step, entries: entries, original: original, in: line, drawing: drawing)
            guard let key = line.readKey(), let scalar = Unicode.Scalar(UInt32(bitPattern: key)) else {
                // Ctrl-C (the line is then abandoned) or the end of input.
                line.replace(with: original)
                return UInt8(CC_REFRESH)
            }
            switch scalar {
            case "\u{12}":  // Ctrl-R: an older line
                if step.pattern.isEmpty { step.pattern = lastPattern }
                guard !step.pattern.isEmpty else { continue }
                let below = step.match.map { $0.entry } ?? entries.count
                if let older = HistorySearch.find(step.pattern, in: entries, below: below) {
                    step.match = older
                    step.failed = false
                } else {
                    step.failed = true
                    EditLineEditor.writeDrawing("\u{07}")
                }
            case "\u{7F}", "\u{08}":  // Backspace
                if let last = earlier.popLast() { step = last } else { EditLineEditor.writeDrawing("\u{07}") }
            case "\u{07}":  // Ctrl-G: the line as it was
                line.replace(with: original)
                return UInt8(CC_REFRESH)
            case "\r", "\n":
                lastPattern = step.pattern
                line.pushInput("\r")
                return UInt8(CC_REFRESH)
            case "\u{1B}":
                lastPattern = step.pattern
                return UInt8(CC_REFRESH)
            default:
                guard scalar.value >= 0x20, !(0x7F...0x9F).contains(scalar.value) else {
                    // Another key: the search ends on the line found, and the key does its work.
                    lastPattern = step.pattern
                    line.pushInput(String(Character(scalar)))
                    return UInt8(CC_REFRESH)
                }
                earlier.append(step)
                step.pattern.unicodeScalars.append(scalar)
                // The line found so far is looked at first: it may contain the longer pattern too.
                let below = step.match.map { $0.entry + 1 } ?? entries.count
                if !step.failed, let found = HistorySearch.find(step.pattern, in: entries, below: below) {
                    step.match = found
                } else {
                    step.failed = true
                    EditLineEditor.writeDrawing("\u{07}")
                }
            }
        }
    }

    /// Puts the line found (or the line as it was, before anything is found) in `line` and
    /// draws it after the search's prompt.
    private func show(
        _ step: Step, entries: [String], original: LineState, in line: EditLineEditor.EditedLine,
        drawing: LineDrawing
    ) {
        let state = step.match.map { LineState(text: entries[$0.entry], cursor: $0.offset) } ?? original
        if line.state != state { line.replace(with: state) }
        drawing.prompt = (step.failed ? "(failed reverse-i-search)`" : "(reverse-i-search)`") + step.pattern + "': "
        drawing.draw(line, reason: CLIBEDIT_DRAW_UPDATE)
    }
}
