import CLibEdit

/// M-. (and M-_): inserts the last word of the previous history line at the cursor, as
/// readline's yank-last-arg does; pressed again at once, it replaces that word with the last
/// word of the line before, walking back through the history. A word in double quotes
/// (`"Joe Gregg"`) is one word.
final class LastArgumentKey {
    /// The history, oldest first.
    var history: () -> [String] = { [] }

    /// What the last press inserted: how far back its line was, how many characters it
    /// inserted, and the line right after, to tell a press that follows it at once.
    private var last: (back: Int, inserted: Int, after: LineState)?

    /// Forgets the last press (a new line).
    func reset() { last = nil }

    /// Handles a press in `line`; returns libedit's CC_* code.
    func press(in line: EditLineEditor.EditedLine) -> UInt8 {
        let entries = history()
        var back = 0
        var replacing = 0
        if let last, last.after == line.state {
            back = last.back + 1
            replacing = last.inserted
        }
        while back < entries.count {
            if let word = Self.lastWord(of: entries[entries.count - 1 - back]) {
                guard line.replaceBeforeCursor(deleting: replacing, inserting: word) else { break }
                last = (back, word.unicodeScalars.count, line.state)
                return UInt8(CC_REFRESH)
            }
            back += 1
        }
        return UInt8(CC_REFRESH_BEEP)
    }

    /// The last word of `line`, a double-quoted one whole (with its quotes); `nil` for a blank line.
    static func lastWord(of line: String) -> String? {
        var words: [String] = []
        var word = ""
        var quoted = false
        var escaped = false
        for character in line {
            if escaped {
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if !quoted, character.isWhitespace {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        return words.last
    }
}
