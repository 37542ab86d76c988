import DirectoryCore

/// Why a line failed, kept typed from the parser (or the session, the editor, a sourced file)
/// to the one place that prints it, `MainLoop.run`.
enum LineError: Error {
    /// The line is not text (invalid UTF-8, a NUL byte, too long); it was skipped.
    case unusable(String)
    /// The line does not parse; `opensList` when it is an `open` line, which stops a script.
    case parse(ParseError, opensList: Bool)
    /// The session refused the command; `opensList` when it was `open`.
    case session(SessionError, opensList: Bool)
    /// `editor` could not run the user's editor or read its text back.
    case editor(ExternalEditorFailure)
    /// A command that needs a person at the terminal, given in a script (`history`).
    case promptOnly(String)
    /// `source` could not open its file.
    case sourceUnreadable(ScriptFile.Problem)
    /// `source` inside `source` past the limit.
    case sourceTooDeep(path: String, limit: Int)
    /// Lines of a sourced file failed and were reported with their file and line;
    /// `opensList` when one was a failed `open`.
    case sourcedLinesFailed(opensList: Bool)
    /// Ctrl-C stopped a file `source` ran at the prompt at its line `line` (not carried out, or
    /// stopped before it changed anything); the lines before it stay done. `ranBefore` when
    /// lines had run in it (a nested `source`'s).
    case sourceInterrupted(path: String, line: Int, ranBefore: Bool)
    /// Standard output could not be written (a full disk, a closed descriptor); the message says why.
    case outputUnwritable(String)

    /// What the user reads after the line's location.
    var message: String {
        switch self {
        case .unusable(let reason): return reason + "; the line was skipped"
        case .parse(let error, _): return error.message
        case .session(let error, _): return error.message
        case .editor(let failure): return failure.message
        case .promptOnly(let command): return "\(command) works only at the interactive prompt"
        case .sourceUnreadable(let problem): return problem.message
        case .sourceTooDeep(let path, let limit):
            return "source is nested more than \(limit) files deep; \(path) was not run"
        case .sourcedLinesFailed: return ""
        case .sourceInterrupted(let path, let line, _):
            let before =
                ranLinesBefore
                ? "; what the lines before it did stays ('changes' lists it, 'undo' takes back one change at a time)"
                : "; nothing changed"
            return "Interrupted: source \(path) stopped at line \(line)\(before)."
        case .outputUnwritable(let problem): return problem
        }
    }

    /// Whether the line was a failed `open`: the script's later lines were meant for another list.
    var opensList: Bool {
        switch self {
        case .parse(_, let opensList), .session(_, let opensList), .sourcedLinesFailed(let opensList): return opensList
        default: return false
        }
    }

    /// Whether Ctrl-C stopped the line (a command, or a sourced file): said without "error:".
    var isInterruption: Bool {
        switch self {
        case .sourceInterrupted, .session(.interrupted, _): return true
        default: return false
        }
    }

    /// Whether lines had run when Ctrl-C stopped this one (a nested `source`'s, for one).
    var ranLinesBefore: Bool {
        if case .sourceInterrupted(_, let line, let ran) = self { return ran || line > 1 }
        return false
    }

    /// Whether the errors were already printed (by the lines of a sourced file).
    var isReported: Bool {
        if case .sourcedLinesFailed = self { return true }
        return false
    }
}
