/// What one line of input asks for: something of the list, which the session carries out,
/// or something only the program around it can do.
public enum ParsedLine: Equatable, Sendable {
    /// A command the session applies, the same at the prompt and in a script.
    case command(Command)
    /// A command the front end carries out itself.
    case frontEnd(FrontEndCommand)

    /// The session's command, or `nil` for a front end's.
    public var command: Command? {
        guard case .command(let command) = self else { return nil }
        return command
    }
}

/// A command that needs the program's front end rather than the list: the terminal, the
/// screen, the user's editor, the way records are printed, or another source of lines.
public enum FrontEndCommand: Equatable, Sendable {
    /// `history [N]`: the last N lines entered (at the prompt only).
    case history(count: Int?)
    /// `clear`: clear the screen (at a terminal; nothing in a script).
    case clear
    /// `editor [N|RANGE…]`: the records as text in the user's editor; the session gives the
    /// text (`Session.editorDocument(for:)`) and applies what comes back as `Command.editorText`.
    case editor([RecordReference])
    /// `format [table|json|csv]`: how records are printed from now on, or (alone) which it is.
    case format(OutputFormat?)
    /// `source PATH` (`.read`, `\i`): run a file's lines as a script.
    case source(path: String)
}
