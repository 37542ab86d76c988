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
final class LineChanges {
    /// The line after the last key.
    private var last = LineState.empty
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
        last = .empty
        undoStates = []
        typedRun = 0
        typedRunEnd = -1
        deliberate = false
    }

    /// Marks the change being made as deliberate: it is remembered for undo, but not widened.
    func changeOnPurpose() { deliberate = true }

    /// After a key and before the next: widens a change that cut a character, and remembers it.
    func keyDone(in line: EditLineEditor.EditedLine) {
        defer { deliberate = false }
        var now = line.state
        guard now.text != last.text else {
            last = now
            return
        }
        if !deliberate, !Self.recallsHistory(key: clibedit_last_key()),
            let repaired = ClusterRepair.repair(from: last, to: now)
        {
            line.replace(with: repaired)
            now = repaired
        }
        remember(from: last, to: now)
        last = now
    }

    /// Goes back to the line before the last change; returns libedit's CC_* code.
    func undo(in line: EditLineEditor.EditedLine) -> UInt8 {
        // A change not yet looked at (keys typed ahead) is remembered first.
        keyDone(in: line)
        guard let state = undoStates.popLast() else { return UInt8(CC_REFRESH_BEEP) }
        line.replace(with: state)
        last = state
        typedRunEnd = -1
        return UInt8(CC_REFRESH)
    }

    /// Remembers the line before a change, a run of typing as one change.
    private func remember(from old: LineState, to new: LineState) {
        let typedOne =
            new.cursor == old.cursor + 1 && new.text.unicodeScalars.count == old.text.unicodeScalars.count + 1
            && Self.inserts(one: old, into: new)
        if typedOne, typedRunEnd == old.cursor, typedRun < Self.typedRunLimit {
            typedRun += 1
            typedRunEnd = new.cursor
            return
        }
        undoStates.append(old)
        typedRun = typedOne ? 1 : 0
        typedRunEnd = typedOne ? new.cursor : -1
    }

    /// Whether `new` is `old` with one character typed at its cursor.
    private static func inserts(one old: LineState, into new: LineState) -> Bool {
        let before = Array(old.text.unicodeScalars)
        let after = Array(new.text.unicodeScalars)
        return after[..<old.cursor] == before[..<old.cursor] && after[(old.cursor + 1)...] == before[old.cursor...]
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
