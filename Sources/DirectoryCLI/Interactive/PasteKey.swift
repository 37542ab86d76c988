import CLibEdit

/// Bracketed paste: the terminal wraps pasted text in `ESC[200~` … `ESC[201~` (read as the
/// key codes `CLIBEDIT_KEY_PASTE_START` and `CLIBEDIT_KEY_PASTE_END`), and
/// this key function inserts it as text, so a pasted Tab is a tab, not completion.
/// A paste of several lines enters them one at a time, as typing them would; each
/// such line is marked as pasted, and a pasted line never answers the save question.
final class PasteKey {
    /// The key code read for what the terminal sends before pasted text.
    static let start = Character(Unicode.Scalar(UInt8(CLIBEDIT_KEY_PASTE_START.rawValue)))
    /// The key code read for what it sends after.
    static let end = Unicode.Scalar(UInt8(CLIBEDIT_KEY_PASTE_END.rawValue))

    /// Whether the line being read (or just read) has pasted text in it.
    var pastedThisLine = false

    /// Handles the start of a paste in `line`; returns libedit's CC_* code.
    func press(in line: EditLineEditor.EditedLine) -> UInt8 {
        pastedThisLine = true
        let pasted = Self.readPaste(from: line)
        let lines = pasted.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let first = String(lines[0])
        if !first.isEmpty, !line.replaceBeforeCursor(deleting: 0, inserting: first) { return UInt8(CC_REFRESH_BEEP) }
        if lines.count == 2 {
            // The rest comes after this line is entered: Enter, then the rest as a paste again.
            let rest = lines[1].isEmpty ? "" : String(Self.start) + lines[1] + String(Self.end)
            line.pushInput("\r" + rest)
        }
        return UInt8(CC_REFRESH)
    }

    /// Reads the pasted characters up to the end marker, with line ends as `\n`; the key codes
    /// of escape sequences inside the paste are dropped.
    private static func readPaste(from line: EditLineEditor.EditedLine) -> String {
        var scalars = String.UnicodeScalarView()
        while true {
            guard let key = line.readKey(), let scalar = Unicode.Scalar(UInt32(bitPattern: key)) else {
                break
            }
            if scalar == end { break }
            if (0x80...0x9F).contains(scalar.value) { continue }
            scalars.append(scalar)
        }
        return String(scalars).replacingLineEnds()
    }
}

extension String {
    /// The text with `\r\n` and `\r` written as `\n`.
    fileprivate func replacingLineEnds() -> String {
        var result = String.UnicodeScalarView()
        var afterReturn = false
        for scalar in unicodeScalars {
            if scalar == "\n", afterReturn {
                afterReturn = false
                continue
            }
            afterReturn = scalar == "\r"
            result.append(scalar == "\r" ? "\n" : scalar)
        }
        return String(result)
    }
}

/// The key functions' state, handed to libedit as the editor's context (`EditLineEditor`
/// hands it over and finds it again for each key function).
final class KeyHandlers {
    /// Tab.
    let tab = TabKey()
    /// Pasted text.
    let paste = PasteKey()
    /// The prompt and the line on the screen.
    let drawing = LineDrawing()
    /// Ctrl-R.
    let search = SearchKey()
    /// M-. and M-_.
    let lastArgument = LastArgumentKey()
    /// What each key changed: whole characters, and undo (C-_).
    let changes = LineChanges()
    /// Ctrl-X Ctrl-E (vi: `v`).
    let editLine = EditLineKey()

    /// Where the key functions find the history (oldest first).
    var history: () -> [String] = { [] } {
        didSet {
            search.history = history
            lastArgument.history = history
        }
    }
}
