import CLibEdit
import DirectoryCore

/// What Tab does in libedit: completes the word before the cursor, or lists
/// the candidates below the line and redraws it.
final class TabKey {
    /// The candidates for the line up to the cursor.
    var complete: (String) -> Completion = { _ in .none }
    /// How a list taller than the window is shown, as listings are.
    var pager = Pager(choice: .off, environment: [:])

    /// Handles a press of Tab in `line`; returns libedit's CC_* code.
    func press(in line: EditLineEditor.EditedLine) -> UInt8 {
        switch complete(line.textBeforeCursor).action {
        case .none:
            return UInt8(CC_REFRESH_BEEP)
        case .replace(let deleting, let inserting):
            return UInt8(
                line.replaceBeforeCursor(deleting: deleting, inserting: inserting) ? CC_REFRESH : CC_REFRESH_BEEP)
        case .list(let candidates):
            guard candidates.count <= Self.queryItems || confirmListing(candidates.count, in: line) else {
                return UInt8(CC_REDISPLAY)
            }
            let columns = CandidateColumns.layout(candidates, width: Int(clibedit_terminal_width()))
            clibedit_leave_drawing()
            if candidates.count > Self.queryItems, page(columns + "\n", in: line) { return UInt8(CC_REDISPLAY) }
            if !TerminalText.writeInterruptibly("\r\n" + columns.replacingNewlines() + "\r\n") {
                clibedit_discard_output()
                line.write("\r\n^C (interrupted: the rest of the list was not shown)\r\n")
            }
            return UInt8(CC_REDISPLAY)
        }
    }

    /// Shows `text` through the pager when it is taller than the window; returns whether it did.
    private func page(_ text: String, in line: EditLineEditor.EditedLine) -> Bool {
        let rows = Int(clibedit_terminal_height())
        let width = Int(clibedit_terminal_width())
        guard pager.pages(text, rows: rows, width: width), let command = pager.command else { return false }
        line.write("\r\n")
        let status = line.inForeground {
            ForegroundProgram.run(command, input: text, environment: pager.pagerEnvironment)
        }
        return status != nil
    }

    /// Above this many candidates Tab asks before listing them, as bash's completion-query-items.
    static let queryItems = 100

    /// Asks "Display all N possibilities? (y or n)" and reads one key: `y` or a space lists them.
    private func confirmListing(_ count: Int, in line: EditLineEditor.EditedLine) -> Bool {
        line.write("\r\nDisplay all \(count) possibilities? (y or n)")
        while true {
            guard let key = line.readKey() else {
                _ = clibedit_take_interrupt()
                line.write("\r\n")
                return false
            }
            switch Unicode.Scalar(UInt32(bitPattern: key)) {
            case "y", "Y", " ":
                return true
            case "n", "N", "\u{7F}", "\u{08}", "\u{1B}", "\u{03}", "\u{07}", "\r", "\n":
                line.write("\r\n")
                return false
            default:
                continue
            }
        }
    }
}

extension String {
    /// The text with each `\n` written as `\r\n`, for a terminal in raw mode.
    fileprivate func replacingNewlines() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    }
}
