import CLibEdit
import DirectoryCore

/// What Tab does in libedit: completes the word before the cursor, or lists
/// the candidates below the line and redraws it.
final class TabKey {
    /// The candidates for the line up to the cursor.
    var complete: (String) -> Completion = { _ in .none }

    /// This object as the context libedit hands back to the key function.
    var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Handles a press of Tab in `line`; returns libedit's CC_* code.
    func press(in line: OpaquePointer) -> UInt8 {
        var start: UnsafePointer<wchar_t>?
        let count = clibedit_line_before_cursor(line, &start)
        let prefix = start.map { WideText.string(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? ""
        switch complete(prefix).action {
        case .none:
            return UInt8(CC_REFRESH_BEEP)
        case .replace(let deleting, let inserting):
            let status = WideText.withWide(inserting) {
                clibedit_replace_before_cursor(line, Int32(clamping: deleting), $0)
            }
            return UInt8(status < 0 ? CC_REFRESH_BEEP : CC_REFRESH)
        case .list(let candidates):
            let columns = CandidateColumns.layout(candidates, width: Int(clibedit_terminal_width()))
            clibedit_write("\r\n" + columns.replacingNewlines() + "\r\n")
            return UInt8(CC_REDISPLAY)
        }
    }
}

extension String {
    /// The text with each `\n` written as `\r\n`, for a terminal in raw mode.
    fileprivate func replacingNewlines() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    }
}
