import CLibEdit

/// Delete (the key) that deletes what the eye sees as one character after the cursor,
/// as Backspace does before it (`BackspaceKey`): a joined emoji, a flag, a letter with accents.
enum DeleteKey {
    /// Deletes the character after the cursor in `line`; returns libedit's CC_* code.
    static func press(in line: OpaquePointer) -> UInt8 {
        var start: UnsafePointer<wchar_t>?
        var cursor: Int32 = 0
        let length = Int(clibedit_line(line, &start, &cursor))
        guard let start, Int(cursor) < length else { return UInt8(CC_ERROR) }
        let tail = min(length - Int(cursor), BackspaceKey.lookBehind)
        let text = WideText.string(UnsafeBufferPointer(start: start + Int(cursor), count: tail))
        let scalars = text.first.map { $0.unicodeScalars.count } ?? 1
        clibedit_delete_after_cursor(line, Int32(scalars))
        return UInt8(CC_REFRESH)
    }
}
