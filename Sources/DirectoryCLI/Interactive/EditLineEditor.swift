import CLibEdit
import DirectoryCore

#if canImport(Glibc)
    import Glibc
#endif

/// The libedit line editor: emacs keys (or vi, from `~/.editrc`), history on
/// Up/Down, Ctrl-R for incremental reverse search, Tab for completion, and
/// wide characters throughout, so `ë` and `高` are one character each.
///
/// It owns libedit's handles, made in `init` and freed in `deinit`; no pointer to them
/// leaves this type. The key functions get the line being edited as an `EditedLine`, whose
/// safe methods lend its characters as a `Span` and change it; nothing else here touches
/// libedit's memory.
@safe
final class EditLineEditor: LineEditor {
    /// The C editor (libedit's EditLine and HistoryW).
    private let editor: OpaquePointer
    /// The key functions' state; libedit hands it back to them as the editor's context.
    private let keys: KeyHandlers

    /// What Tab offers; kept by the Tab key handler.
    var complete: (String) -> Completion {
        get { keys.tab.complete }
        set { keys.tab.complete = newValue }
    }

    /// How a long completion list is shown (after "Display all N possibilities?").
    var pager: Pager {
        get { keys.tab.pager }
        set { keys.tab.pager = newValue }
    }

    /// Problems with `~/.editrc`, each naming the file and line.
    private(set) var warnings: [String] = []

    /// Whether the last line read had pasted text in it.
    var lastLineWasPasted: Bool { keys.paste.pastedThisLine }

    /// Opens the editor on the terminal, named `program` for `~/.editrc`; `nil` when libedit
    /// cannot start. `environment` chooses the editor Ctrl-X Ctrl-E runs.
    init?(program: String, historySize: Int, environment: [String: String] = [:]) {
        _ = clibedit_use_utf8_locale()
        let keys = KeyHandlers()
        // libedit hands the handlers back to each key function as the editor's context; they
        // live as long as this object, which closes the editor in `deinit`.
        let context = unsafe Unmanaged.passUnretained(keys).toOpaque()
        guard let editor = unsafe clibedit_open(program, Int32(clamping: max(historySize, 1)), context) else {
            return nil
        }
        unsafe self.editor = unsafe editor
        self.keys = keys
        keys.history = { [unowned self] in self.historyEntries }
        keys.editLine.environment = environment
        var terminal: [String: String] = [:]
        for name in ["TMUX", "STY", "XTERM_VERSION", "TERM"] {
            if let value = unsafe getenv(name) { terminal[name] = unsafe String(cString: value) }
        }
        keys.drawing.rewrapTest = RewrapTest(environment: terminal)
        unsafe clibedit_add_function(editor, "directory-complete", "complete a command, field, record or path") {
            editLine, _ in
            guard let line = unsafe EditLineEditor.edited(editLine), let keys = line.handlers else {
                return UInt8(CC_ERROR)
            }
            keys.changes.changeOnPurpose(in: line)
            return keys.tab.press(in: line)
        }
        unsafe clibedit_add_function(editor, "directory-paste", "insert pasted text as it is (bracketed paste)") {
            editLine, _ in
            guard let line = unsafe EditLineEditor.edited(editLine), let keys = line.handlers else {
                return UInt8(CC_ERROR)
            }
            keys.changes.changeOnPurpose(in: line)
            return keys.paste.press(in: line)
        }
        unsafe clibedit_add_function(editor, "directory-search-history", "search the history backwards as you type") {
            editLine, _ in
            guard let line = unsafe EditLineEditor.edited(editLine), let keys = line.handlers else {
                return UInt8(CC_ERROR)
            }
            keys.changes.changeOnPurpose(in: line)
            return keys.search.press(in: line, drawing: keys.drawing)
        }
        unsafe clibedit_add_function(editor, "directory-undo", "undo the last change to the line") { editLine, _ in
            guard let line = unsafe EditLineEditor.edited(editLine), let keys = line.handlers else {
                return UInt8(CC_ERROR)
            }
            return keys.changes.undo(in: line)
        }
        unsafe clibedit_add_function(
            editor, "directory-last-argument", "insert the last word of the previous line; again, of the one before"
        ) { editLine, _ in
            guard let line = unsafe EditLineEditor.edited(editLine), let keys = line.handlers else {
                return UInt8(CC_ERROR)
            }
            keys.changes.changeOnPurpose(in: line)
            return keys.lastArgument.press(in: line)
        }
        unsafe clibedit_add_function(
            editor, "directory-edit-line", "edit the line in $VISUAL or $EDITOR; it comes back to be entered"
        ) { editLine, _ in
            guard let line = unsafe EditLineEditor.edited(editLine), let keys = line.handlers else {
                return UInt8(CC_ERROR)
            }
            keys.changes.changeOnPurpose(in: line)
            return keys.editLine.press(in: line)
        }
        unsafe clibedit_add_function(editor, "directory-delete-prev", "delete the character before the cursor, whole") {
            editLine, _ in
            guard let line = unsafe EditLineEditor.edited(editLine) else { return UInt8(CC_ERROR) }
            return BackspaceKey.press(in: line)
        }
        unsafe clibedit_add_function(editor, "directory-delete-next", "delete the character under the cursor, whole") {
            editLine, _ in
            guard let line = unsafe EditLineEditor.edited(editLine) else { return UInt8(CC_ERROR) }
            return DeleteKey.press(in: line)
        }
        unsafe clibedit_set_drawer(editor) { editLine, reason in
            guard let line = unsafe EditLineEditor.edited(editLine), let keys = line.handlers else { return }
            // Each key is looked at, also one of keys that arrived together (see `LineChanges`).
            if reason == CLIBEDIT_DRAW_KEY { keys.changes.keyDone(in: line) }
            keys.drawing.draw(line, reason: reason)
        }
        unsafe clibedit_add_function(editor, "directory-ignore", "do nothing (a key with no use here)") { _, _ in
            UInt8(CC_NORM)
        }
        let term = unsafe getenv("TERM").map { unsafe String(cString: $0) } ?? ""
        unsafe clibedit_set_bracketed_paste(editor, term.isEmpty || term == "dumb" ? 0 : 1)
        bindKeys()
        if let path = EditrcFile.path() {
            warnings = EditrcFile.source(path) { line in self.run(editrcLine: line) }
            if unsafe clibedit_is_vi(editor) != 0 { bindKeys() }  // `bind -v` replaced the key map
        }
    }

    /// Runs one line of an editrc file: 0 when libedit used it, -1 when it refused it, -2 when
    /// the line could not be split into words; and what libedit said about it.
    private func run(editrcLine line: String) -> (status: Int32, said: String) {
        var message: UnsafeMutablePointer<CChar>?
        let status = unsafe clibedit_source_line(editor, line, &message)
        let said = unsafe message.map { unsafe String(cString: $0) } ?? ""
        unsafe free(message)
        return (status, said)
    }

    /// Restores the terminal.
    deinit { unsafe clibedit_close(editor) }

    /// Tab completes; Ctrl-R searches history backwards as you type; Backspace deletes a whole
    /// character; C-_ undoes; Ctrl-L clears the screen; M-. inserts the last word of the line
    /// before (emacs mode); Ctrl-X Ctrl-E (vi: `v`) edits the line in the user's editor; the keys the terminal sends as escape sequences (read as one key code each,
    /// see `clibedit_key`) do what readline does with them, in vi's command mode too.
    private func bindKeys() {
        unsafe clibedit_bind(editor, "^I", "directory-complete")
        unsafe clibedit_bind(editor, "^R", "directory-search-history")
        unsafe clibedit_bind(editor, "^?", "directory-delete-prev")
        unsafe clibedit_bind(editor, "^H", "directory-delete-prev")
        unsafe clibedit_bind(editor, "^_", "directory-undo")
        unsafe clibedit_bind(editor, "^L", "ed-clear-screen")
        let vi = unsafe clibedit_is_vi(editor) != 0
        if vi {
            unsafe clibedit_bind_command(editor, "^L", "ed-clear-screen")
            // As bash's vi mode: `v` edits the line in the editor (libedit's own runs `vi` and enters the line).
            unsafe clibedit_bind_command(editor, "v", "directory-edit-line")
        } else {
            unsafe clibedit_bind(editor, "^X^E", "directory-edit-line")
            // In vi mode Escape must stay a key of its own, not the start of these.
            unsafe clibedit_bind(editor, "\\e.", "directory-last-argument")
            unsafe clibedit_bind(editor, "\\e_", "directory-last-argument")
        }
        for (key, function) in Self.terminalKeys {
            let name = Self.bindingName(of: key)
            unsafe clibedit_bind(editor, name, function)
            if vi { unsafe clibedit_bind_command(editor, name, function) }
        }
    }

    /// The function each terminal key runs.
    private static let terminalKeys: [(clibedit_key, String)] = [
        (CLIBEDIT_KEY_PASTE_START, "directory-paste"),
        (CLIBEDIT_KEY_PASTE_END, "directory-ignore"),
        (CLIBEDIT_KEY_WORD_LEFT, "ed-prev-word"),
        (CLIBEDIT_KEY_WORD_RIGHT, "em-next-word"),
        (CLIBEDIT_KEY_HOME, "ed-move-to-beg"),
        (CLIBEDIT_KEY_END, "ed-move-to-end"),
        (CLIBEDIT_KEY_DELETE, "directory-delete-next"),
        (CLIBEDIT_KEY_UP, "ed-prev-history"),
        (CLIBEDIT_KEY_DOWN, "ed-next-history"),
        (CLIBEDIT_KEY_LEFT, "ed-prev-char"),
        (CLIBEDIT_KEY_RIGHT, "ed-next-char"),
    ]

    /// The key code as editrc writes it: a backslash and three octal digits.
    private static func bindingName(of key: clibedit_key) -> String {
        let code = Int(key.rawValue)
        return "\\" + String(code / 64) + String(code / 8 % 8) + String(code % 8)
    }

    /// Shows `prompt` and reads a line with libedit.
    func readLine(prompt: String) -> LineInput {
        unsafe clibedit_set_prompt(editor, prompt)
        keys.drawing.prompt = prompt
        keys.paste.pastedThisLine = false
        keys.changes.reset()
        keys.lastArgument.reset()
        var line: UnsafePointer<wchar_t>?
        var length: Int32 = 0
        switch unsafe clibedit_read_line(editor, &line, &length) {
        case CLIBEDIT_LINE:
            guard let line = unsafe line else { return .line("") }
            // libedit's buffer holds the line until the next read.
            return .line(WideText.string(unsafe UnsafeBufferPointer(start: line, count: Int(length)).span))
        case CLIBEDIT_INTERRUPTED: return .interrupted
        case CLIBEDIT_END: return .end
        default: return .failed
        }
    }

    /// Adds a line to libedit's history (consecutive duplicates are stored once).
    func addToHistory(_ line: String) {
        let wide = WideText.characters(of: line)
        _ = unsafe clibedit_history_add(editor, wide)
    }

    /// libedit's history, oldest first.
    var historyEntries: [String] {
        var entries: [String] = []
        var entry = unsafe clibedit_history_oldest(editor)
        while let text = unsafe entry {
            // libedit's entry, NUL-terminated, lives until the history changes.
            entries.append(WideText.string(unsafe UnsafeBufferPointer(start: text, count: wcslen(text)).span))
            unsafe entry = unsafe clibedit_history_newer(editor)
        }
        return entries
    }

    /// Loads a libedit history file.
    func loadHistory(from path: String) -> Bool {
        unsafe clibedit_history_load(editor, path) >= 0
    }

    /// Drops the rest of a paste waiting to be read.
    func clearPendingInput() { unsafe clibedit_clear_input(editor) }

    /// Hands the terminal to a foreground program for `body`, then takes it back.
    func inForeground<Result>(_ body: () -> Result) -> Result {
        unsafe clibedit_foreground_begin(editor)
        defer { unsafe clibedit_foreground_end(editor) }
        return body()
    }

    /// Writes a libedit history file (with its `_HiStOrY_V2_` header): the one at `path` with `line` added.
    func saveHistory(appending line: String, to path: String, size: Int, descriptor: Int32) -> Bool {
        let wide = WideText.characters(of: line)
        return unsafe clibedit_history_merge_save(path, wide, Int32(clamping: size), descriptor) == 0
    }
}
