import CLibEdit
import DirectoryCore

/// Ctrl-X Ctrl-E (and `v` in vi's command mode): the line being typed is edited in the user's
/// editor (`$VISUAL`, else `$EDITOR`, else `vi`), as bash's edit-and-execute-command and
/// psql's `\e` do, on a private temporary file removed afterwards.
///
/// One line that comes back replaces the line, the cursor at its end, and waits for Enter, as
/// psql's `\e` and zsh's edit-command-line leave it: a command that changes the list is seen
/// before it runs. Several lines run one after another, as a multi-line paste does (and as
/// bash runs what the editor saved): one line cannot hold them. An editor that fails (a status
/// other than 0, one that cannot start, text that is not UTF-8) leaves the line as it was.
final class EditLineKey {
    /// The program's environment (`VISUAL`, `EDITOR`, `TMPDIR`, `PATH`).
    var environment: [String: String] = [:]

    /// Handles the key in `line`; returns libedit's CC_* code.
    func press(in line: EditLineEditor.EditedLine) -> UInt8 {
        let before = line.state.text
        let editor = ExternalEditor(environment: environment)
        // Below the line: the editor draws on the terminal, and the line is drawn afresh after.
        line.write("\r\n")
        let environment = self.environment
        let result = editor.edit(Array(before.utf8), suffix: ".txt") { command in
            line.inForeground { ForegroundProgram.run(command, input: nil, environment: environment) }
        }
        switch result {
        case .failure(let failure):
            line.write("error: " + Self.lineKept(failure) + "\r\n")
            return UInt8(CC_REDISPLAY)
        case .success(let bytes):
            guard let edited = Self.text(of: bytes) else {
                line.write("error: the edited line is not UTF-8 text or holds a NUL byte; the line is as it was\r\n")
                return UInt8(CC_REDISPLAY)
            }
            let lines = edited.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let first = String(lines[0])
            line.replace(with: LineState(text: first, cursor: first.unicodeScalars.count))
            if lines.count == 2 {
                // Entered now, and the rest after it, each line as a multi-line paste's is.
                line.pushInput("\r" + String(PasteKey.start) + lines[1] + "\n" + String(PasteKey.end))
            }
            return UInt8(CC_REFRESH)
        }
    }

    /// What to say when the editor gave no line back.
    private static func lineKept(_ failure: ExternalEditorFailure) -> String {
        switch failure {
        case .exited(let command, let status):
            return "the editor '\(command)' exited with status \(status), so the line is as it was"
        case .cannotRead(let path, let reason):
            return "cannot read the edited file \(path): \(reason); the line is as it was"
        default:
            return failure.message + "; the line is as it was"
        }
    }

    /// The edited text as lines separated by `\n`, without the line ends (and blank lines)
    /// editors leave at its end; `nil` when it is not UTF-8 or holds a NUL byte.
    static func text(of bytes: [UInt8]) -> String? {
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else { return nil }
        // "\r\n" is one Character: a line end as "\n" and "\r" are.
        var lines = String(text.map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 })
        while lines.last == "\n" { lines.removeLast() }
        return lines
    }
}
