import CLibEdit

/// Backspace that deletes what the eye sees as one character: a whole emoji sequence
/// joined by U+200D (👩‍💻), a flag, or a letter with combining accents. libedit's own
/// deletes one code point, which leaves the rest of the sequence as a stray glyph.
enum BackspaceKey {
    /// The longest tail of the line looked at: far longer than any real character.
    static let lookBehind = 64

    /// Deletes the character before the cursor in `line`; returns libedit's CC_* code.
    static func press(in line: EditLineEditor.EditedLine) -> UInt8 {
        let (text, count) = line.withCharacters { characters, cursor in
            (WideText.string(characters.extracting(max(0, cursor - lookBehind)..<cursor)), cursor)
        }
        guard count > 0 else { return UInt8(CC_ERROR) }
        let scalars = text.last.map { $0.unicodeScalars.count } ?? 1
        return UInt8(line.replaceBeforeCursor(deleting: min(scalars, count), inserting: "") ? CC_REFRESH : CC_ERROR)
    }
}

/// Delete (the key) that deletes what the eye sees as one character after the cursor,
/// as Backspace does before it (`BackspaceKey`): a joined emoji, a flag, a letter with accents.
enum DeleteKey {
    /// Deletes the character after the cursor in `line`; returns libedit's CC_* code.
    static func press(in line: EditLineEditor.EditedLine) -> UInt8 {
        let text = line.withCharacters { characters, cursor -> String? in
            guard cursor < characters.count else { return nil }
            let end = min(characters.count, cursor + BackspaceKey.lookBehind)
            return WideText.string(characters.extracting(cursor..<end))
        }
        guard let text else { return UInt8(CC_ERROR) }
        let scalars = text.first.map { $0.unicodeScalars.count } ?? 1
        line.deleteAfterCursor(scalars)
        return UInt8(CC_REFRESH)
    }
}
