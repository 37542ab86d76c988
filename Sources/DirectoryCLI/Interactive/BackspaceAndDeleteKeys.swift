import CLibEdit

/// Backspace that deletes what the eye sees as one character: a whole emoji sequence
/// joined by U+200D (👩‍💻), a flag, or a letter with combining accents. libedit's own
/// deletes one code point, which leaves the rest of the sequence as a stray glyph.
enum BackspaceKey {
    /// The longest tail of the line looked at: far longer than any real character.
    static let lookBehind = 64

    /// Deletes the character before the cursor in `line`; returns libedit's CC_* code.
    static func press(in line: OpaquePointer) -> UInt8 {
        var start: UnsafePointer<wchar_t>?
        let count = unsafe Int(clibedit_line_before_cursor(line, &start))
        guard count > 0, let start = unsafe start else { return UInt8(CC_ERROR) }
        let tail = min(count, lookBehind)
        let text = unsafe WideText.string(UnsafeBufferPointer(start: start + (count - tail), count: tail))
        let scalars = text.last.map { $0.unicodeScalars.count } ?? 1
        let status = unsafe WideText.withWide("") {
            unsafe clibedit_replace_before_cursor(line, Int32(min(scalars, count)), $0)
        }
        return UInt8(status < 0 ? CC_ERROR : CC_REFRESH)
    }
}

/// Delete (the key) that deletes what the eye sees as one character after the cursor,
/// as Backspace does before it (`BackspaceKey`): a joined emoji, a flag, a letter with accents.
enum DeleteKey {
    /// Deletes the character after the cursor in `line`; returns libedit's CC_* code.
    static func press(in line: OpaquePointer) -> UInt8 {
        var start: UnsafePointer<wchar_t>?
        var cursor: Int32 = 0
        let length = unsafe Int(clibedit_line(line, &start, &cursor))
        guard let start = unsafe start, Int(cursor) < length else { return UInt8(CC_ERROR) }
        let tail = min(length - Int(cursor), BackspaceKey.lookBehind)
        let text = unsafe WideText.string(UnsafeBufferPointer(start: start + Int(cursor), count: tail))
        let scalars = text.first.map { $0.unicodeScalars.count } ?? 1
        unsafe clibedit_delete_after_cursor(line, Int32(scalars))
        return UInt8(CC_REFRESH)
    }
}
