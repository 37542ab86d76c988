import DirectoryCore

/// `format` and `source` at the prompt: carried out as a script runner carries them out,
/// so a sourced file runs by the script rules (errors as FILE:N:, the next line runs).
extension InteractiveSession {
    /// Runs `command` (`format` or `source`) through a script runner on this session.
    mutating func runAsScript(_ command: Command, editor: some LineEditor) -> Next {
        var runner = ScriptRunner(session: session, printer: printer, origin: .standardInput, bail: false)
        runner.environment = paths.environment
        let result: Result<CommandOutput, ScriptFailure>
        switch command {
        case .format(let format): result = .success(runner.setFormat(format))
        case .source(let path): result = runner.source(path)
        default: result = .success(.nothing)
        }
        session = runner.session
        printer = runner.printer
        switch result {
        case .success(.quit):
            return .quit
        case .success(let output):
            display(output, editor: editor)
        case .failure(let failure):
            if !failure.reported { report(failure.message) }
        }
        return .prompt
    }
}
