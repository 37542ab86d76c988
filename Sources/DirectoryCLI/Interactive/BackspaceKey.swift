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
        let count = Int(clibedit_line_before_cursor(line, &start))
        guard count > 0, let start else { return UInt8(CC_ERROR) }
        let tail = min(count, lookBehind)
        let text = WideText.string(UnsafeBufferPointer(start: start + (count - tail), count: tail))
        let scalars = text.last.map { $0.unicodeScalars.count } ?? 1
        let status = WideText.withWide("") { clibedit_replace_before_cursor(line, Int32(min(scalars, count)), $0) }
        return UInt8(status < 0 ? CC_ERROR : CC_REFRESH)
    }
}
