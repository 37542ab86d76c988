import DirectoryCore

/// What reading a line at the terminal gave.
enum LineInput: Equatable {
    /// A line, without its line break.
    case line(String)
    /// Ctrl-C: the line was abandoned.
    case interrupted
    /// Ctrl-D on an empty line.
    case end
    /// The terminal could not be read (it went away).
    case failed
}

/// A line editor with history and Tab completion: libedit at a terminal, or a
/// fake in tests of the interactive loop.
protocol LineEditor: AnyObject {
    /// What Tab offers for the line up to the cursor; set before each read.
    var complete: (String) -> Completion { get set }

    /// How a completion list taller than the window is shown: through the pager, as listings are.
    var pager: Pager { get set }

    /// Problems found while starting (a bad `~/.editrc` line), to show once.
    var warnings: [String] { get }

    /// Whether the last line read had pasted text in it (a pasted line never answers a question).
    var lastLineWasPasted: Bool { get }

    /// Drops input waiting to be read (the rest of a paste).
    func clearPendingInput()

    /// Shows `prompt` and reads a line.
    func readLine(prompt: String) -> LineInput

    /// Adds a line to the history (a line equal to the last one is stored once).
    func addToHistory(_ line: String)

    /// The history, oldest first.
    var historyEntries: [String] { get }

    /// Replaces the history with the file at `path`; returns whether it could be read.
    func loadHistory(from path: String) -> Bool

    /// Writes to the open file `descriptor`, and closes it, the history file at `path` as other
    /// sessions left it with `line` added, at most `size` lines; returns whether it was written.
    func saveHistory(appending line: String, to path: String, size: Int, descriptor: Int32) -> Bool

    /// Runs `body` (which runs a program such as a pager or an editor) with the terminal
    /// handed over: its normal mode back and Ctrl-C ignored by the prompt; takes it back after.
    func inForeground<Result>(_ body: () -> Result) -> Result
}
