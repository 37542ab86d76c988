import DirectoryCore

#if canImport(Glibc)
    import Glibc
#endif

/// `editor` in a front end: the session gives the records as text, the user's editor
/// changes it, and the session applies the result as one change.
struct EditorCommand {
    /// The editor to run.
    let editor: ExternalEditor
    /// Runs a shell command in the foreground; its exit status, or `nil` when it could not start.
    let run: (String) -> Int32?

    /// The user's editor, run at the prompt through `lineEditor`, which gives it the terminal
    /// and takes it back; without one (a script), with `scriptRedirections()`.
    /// `leftover`: where the file is kept so that a killed session's can be found.
    init(environment: [String: String], lineEditor: (any LineEditor)?, leftover: EditorLeftover? = nil) {
        editor = ExternalEditor(environment: environment, leftover: leftover)
        if let lineEditor {
            run = { command in
                lineEditor.inForeground { ForegroundProgram.run(command, input: nil, environment: environment) }
            }
        } else {
            let redirections = Self.scriptRedirections()
            run = { ForegroundProgram.run($0 + redirections, input: nil, environment: environment) }
        }
    }

    /// Lets the user edit `text`; the edited file's bytes, or why there are none.
    func edit(_ text: [UInt8]) -> Result<[UInt8], ExternalEditorFailure> {
        editor.edit(text, run: run)
    }

    /// For an editor started from a script: shell redirections that give it the terminal
    /// when the script's input or output is a pipe or a file (which the editor must not
    /// read or draw on), or empty input when there is no terminal.
    static func scriptRedirections() -> String {
        let tty = hasTerminal ? 0 : -1
        var words = ""
        if isatty(0) != 1 { words += tty >= 0 ? " </dev/tty" : " </dev/null" }
        if isatty(1) != 1, tty >= 0 { words += " >/dev/tty" }
        return words
    }

    /// Whether the program has a controlling terminal (`/dev/tty` opens).
    static var hasTerminal: Bool {
        // open(2) takes the path as a C string; the descriptor is closed at once.
        let tty = unsafe open("/dev/tty", O_RDWR | O_CLOEXEC)
        if tty >= 0 { close(tty) }
        return tty >= 0
    }
}
