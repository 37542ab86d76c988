import CLibEdit
import DirectoryCore

/// The libedit line editor: emacs keys (or vi, from `~/.editrc`), history on
/// Up/Down, Ctrl-R for incremental reverse search, Tab for completion, and
/// wide characters throughout, so `ë` and `高` are one character each.
final class EditLineEditor: LineEditor {
    /// The C editor (libedit's EditLine and HistoryW).
    private let editor: OpaquePointer
    /// Tab's handler; libedit hands it back to the key function as the editor's context.
    private let tab: TabKey

    /// What Tab offers; kept by the Tab key handler.
    var complete: (String) -> Completion {
        get { tab.complete }
        set { tab.complete = newValue }
    }

    /// Opens the editor on the terminal, named `program` for `~/.editrc`; `nil` when libedit cannot start.
    init?(program: String, historySize: Int) {
        _ = clibedit_use_utf8_locale()
        let tab = TabKey()
        guard let editor = clibedit_open(program, Int32(clamping: max(historySize, 1)), tab.context) else {
            return nil
        }
        self.editor = editor
        self.tab = tab
        clibedit_add_function(editor, "directory-complete", "complete a command, field, record or path") {
            line, _ in
            guard let line, let context = clibedit_context(line) else { return UInt8(CC_ERROR) }
            return Unmanaged<TabKey>.fromOpaque(context).takeUnretainedValue().press(in: line)
        }
        bindKeys()
        if clibedit_source(editor, nil) == 0, clibedit_is_vi(editor) != 0 {
            bindKeys()  // `bind -v` in ~/.editrc replaced the key map
        }
    }

    /// Restores the terminal.
    deinit { clibedit_close(editor) }

    /// Tab completes; Ctrl-R searches history backwards as you type.
    private func bindKeys() {
        clibedit_bind(editor, "^I", "directory-complete")
        clibedit_bind(editor, "^R", "em-inc-search-prev")
    }

    /// Shows `prompt` and reads a line with libedit.
    func readLine(prompt: String) -> LineInput {
        clibedit_set_prompt(editor, prompt)
        var line: UnsafePointer<wchar_t>?
        var length: Int32 = 0
        switch clibedit_read_line(editor, &line, &length) {
        case CLIBEDIT_LINE:
            guard let line else { return .line("") }
            return .line(WideText.string(UnsafeBufferPointer(start: line, count: Int(length))))
        case CLIBEDIT_INTERRUPTED: return .interrupted
        case CLIBEDIT_END: return .end
        default: return .failed
        }
    }

    /// Adds a line to libedit's history (consecutive duplicates are stored once).
    func addToHistory(_ line: String) {
        WideText.withWide(line) { _ = clibedit_history_add(editor, $0) }
    }

    /// libedit's history, oldest first.
    var historyEntries: [String] {
        var entries: [String] = []
        var entry = clibedit_history_oldest(editor)
        while let text = entry {
            entries.append(WideText.string(text))
            entry = clibedit_history_newer(editor)
        }
        return entries
    }

    /// Loads a libedit history file.
    func loadHistory(from path: String) -> Bool {
        clibedit_history_load(editor, path) >= 0
    }

    /// Writes a libedit history file (with its `_HiStOrY_V2_` header).
    func saveHistory(to path: String) -> Bool {
        clibedit_history_save(editor, path) == 0
    }
}
