import DirectoryCore

/// Prints what commands produced: results to standard output, warnings and
/// errors to standard error. Every message passes through `VisibleText`, since
/// messages echo names, paths and commands that may hold terminal controls.
struct OutputPrinter {
    /// Where results go.
    let output: OutputStream
    /// Where warnings and errors go.
    let errors: OutputStream
    /// How records are printed (`format` changes it).
    var renderer: RecordRenderer
    /// Whether confirmations ("Saved 4 people …") are shown: at the prompt, not in scripts.
    let showsFeedback: Bool
    /// How the prefixes of errors and warnings on standard error are coloured.
    var errorStyle = TextStyle.plain

    /// Prints one command's output.
    func print(_ result: CommandOutput) {
        switch result {
        case .nothing, .quit:
            break
        case .feedback(let text):
            if showsFeedback { output.line(VisibleText.lines(text)) }
        case .text(let text):
            output.line(VisibleText.lines(text))
        case .records(let listing):
            output.write(renderer.render(listing))
        case .exported(let text):
            // To a terminal, line ends without their \r and controls in values made visible, as CSV listings.
            output.write(renderer.forTerminal ? VisibleText.lines(RecordRenderer.withoutCarriageReturns(text)) : text)
        case .warning(let text):
            output.flush()
            errors.line(errorStyle.apply(.warning, to: "directory:") + " " + VisibleText.lines(text))
            errors.flush()
        }
    }

    /// Prints an error with where it came from (`directory: line 3: …`).
    func error(_ message: String, at location: String) {
        output.flush()
        errors.line(errorStyle.apply(.error, to: VisibleText.lines(location)) + VisibleText.lines(message))
        errors.flush()
    }
}
