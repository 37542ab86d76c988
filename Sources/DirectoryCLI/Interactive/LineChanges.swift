import CLibEdit

/// What each key did to the line, looked at before the next key is read: a deletion that
/// left part of a character behind is completed, and each change is remembered for undo.
///
/// libedit deletes, replaces and changes by code point, so vi's `x` on `👩‍💻` left `‍💻`
/// behind (drawn as something else than the line held), and so did `r`, `s`, `X`, `dl`,
/// `cl`, Ctrl-D and the rest. Rather than shadow each of libedit's commands, the change a
/// key made is widened to the whole characters (grapheme clusters) it cut into
/// (`ClusterRepair`), whatever command made it. Changes made on purpose (a history line
/// recalled, a completion, a search) are left as they are.
///
/// Undo (C-_) goes back one change at a time, as readline's does: a run of up to 20 typed
/// characters is one change, and so is each deletion, completion or recalled line.
///
/// Every key is looked at, also one of keys that arrive together (typed fast, over ssh, a
/// paste without brackets): looked at once after the last, typing followed by vi's `rQ` on
/// the woman of `👩‍💻` was taken for typing alone, from the line before, and the `‍💻` it
/// left was never widened. A look at a typed key compares the line with the one before
/// without making a string, and keeps the one before by inserting what was typed: a long
/// paste stays fast.
final class LineChanges {
    /// The line after the last key, as libedit holds it, and its cursor.
    private var lastCharacters: [wchar_t] = []
    private var lastCursor = 0
    /// The lines before each change, the last change last.
    private var undoStates: [LineState] = []
    /// How many typed characters the last change holds, and where the cursor was after them
    /// (-1: the last change was not typing), to make a run of typing one change.
    private var typedRun = 0
    private var typedRunEnd = -1
    /// Whether the line was changed on purpose by a key function since the last key.
    private var deliberate = false

    /// Readline's limit on the typed characters one undo takes back.
    static let typedRunLimit = 20

    /// Starts afresh for a new line.
    func reset() {
        lastCharacters = []
        lastCursor = 0
        undoStates = []
        typedRun = 0
        typedRunEnd = -1
        deliberate = false
    }

    /// Before a key function changes the line on purpose (a completion, a search, M-.): what
    /// the keys before it did is looked at first, and its own change is then one change for
    /// undo, never widened.
    func changeOnPurpose(in line: EditLineEditor.EditedLine) {
        keyDone(in: line)
        deliberate = true
    }

    /// What a key did to the line.
    private enum Change {
        /// Nothing (the cursor may have moved).
        case none
        /// Characters typed at the cursor (several when they arrived together).
        case typed(Int)
        /// Anything else.
        case other
    }

    /// After a key and before the next: widens a change that cut a character, and remembers it.
    func keyDone(in line: EditLineEditor.EditedLine) {
        defer { deliberate = false }
        let (change, cursor) = line.withCharacters { characters, cursor in
            (Self.change(from: lastCharacters, at: lastCursor, to: characters, at: cursor), cursor)
        }
        switch change {
        case .none:
            lastCursor = cursor
            return
        case .typed(let count) where !deliberate:
            // Typing cuts nothing: only undo has to know.
            if typedRunEnd == lastCursor, typedRun < Self.typedRunLimit {
                typedRun += count
            } else {
                undoStates.append(lastState)
                typedRun = count
            }
            typedRunEnd = cursor
            // The line before the next key: the one before this with what was typed inserted,
            // not a copy of the whole line for each key of a paste.
            line.withCharacters { characters, cursor in
                var typed: [wchar_t] = []
                for index in lastCursor..<(lastCursor + count) { typed.append(characters[index]) }
                lastCharacters.insert(contentsOf: typed, at: lastCursor)
                lastCursor = cursor
            }
            return
        case .typed, .other:
            let old = lastState
            var now = line.state
            if !deliberate, !Self.recallsHistory(key: clibedit_last_key()),
                let repaired = ClusterRepair.repair(from: old, to: now)
            {
                line.replace(with: repaired)
                now = repaired
            }
            undoStates.append(old)
            typedRun = 0
            typedRunEnd = -1
        }
        line.withCharacters { characters, cursor in
            lastCharacters = Self.copy(characters)
            lastCursor = cursor
        }
    }

    /// The characters of `span`, kept past the call that lent them.
    private static func copy(_ span: Span<wchar_t>) -> [wchar_t] {
        var copy: [wchar_t] = []
        copy.reserveCapacity(span.count)
        for index in span.indices { copy.append(span[index]) }
        return copy
    }

    /// The line after the last key.
    private var lastState: LineState {
        LineState(text: WideText.string(lastCharacters.span), cursor: lastCursor)
    }

    /// How `new` (with its cursor at `cursor`) differs from `old` (with its at `oldCursor`).
    private static func change(
        from old: [wchar_t], at oldCursor: Int, to new: Span<wchar_t>, at cursor: Int
    ) -> Change {
        let old = old.span
        if new.count == old.count { return WideText.same(old, new) ? .none : .other }
        let count = new.count - old.count
        guard count > 0, cursor == oldCursor + count, oldCursor <= old.count else { return .other }
        guard WideText.same(old.extracting(..<oldCursor), new.extracting(..<oldCursor)),
            WideText.same(old.extracting(oldCursor...), new.extracting((oldCursor + count)...))
        else { return .other }
        return .typed(count)
    }

    /// Goes back to the line before the last change; returns libedit's CC_* code.
    func undo(in line: EditLineEditor.EditedLine) -> UInt8 {
        // A change not looked at yet (one a key function made) is remembered first.
        keyDone(in: line)
        guard let state = undoStates.popLast() else { return UInt8(CC_REFRESH_BEEP) }
        line.replace(with: state)
        line.withCharacters { characters, cursor in
            lastCharacters = Self.copy(characters)
            lastCursor = cursor
        }
        typedRunEnd = -1
        return UInt8(CC_REFRESH)
    }

    /// Whether `key` replaces the line with a history line (Up, Down, Ctrl-P, Ctrl-N, and
    /// vi's `j`, `k`, `+`, `-`, `G`, `n`, `N` and Enter after `/`); in insert mode these only
    /// type, which changes nothing that could be widened.
    private static func recallsHistory(key: Int32) -> Bool {
        let keys: Set<Int32> = [
            0x10, 0x0E, Int32(CLIBEDIT_KEY_UP.rawValue), Int32(CLIBEDIT_KEY_DOWN.rawValue),
        ]
        if keys.contains(key) { return true }
        guard let scalar = Unicode.Scalar(UInt32(max(key, 0))) else { return false }
        return "jk+-GnN<>\r\n".unicodeScalars.contains(scalar)
    }
}
