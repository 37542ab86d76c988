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
    /// At the prompt, the terminal's width, which feedback, warnings and errors are broken to fit between
    /// words (a terminal would cut a word in two at its edge); `nil` in scripts and pipes.
    var wrapWidth: (() -> Int)?

    /// Prints one command's output.
    func print(_ result: CommandOutput) {
        switch result {
        case .nothing, .quit:
            break
        case .feedback(let text):
            if showsFeedback { output.line(fitted(VisibleText.lines(text))) }
        case .text(let text):
            output.line(fitted(VisibleText.lines(text)))
        case .records(let listing):
            output.write(renderer.render(listing))
        case .exported(let text):
            // To a terminal, line ends without their \r and controls in values made visible, as CSV listings.
            output.write(renderer.forTerminal ? VisibleText.lines(RecordRenderer.withoutCarriageReturns(text)) : text)
        case .warning(let text):
            output.flush()
            errors.line(styled(.warning, "directory:", then: " " + VisibleText.lines(text)))
            errors.flush()
        }
    }

    /// Prints an error with where it came from (`directory: line 3: …`).
    func error(_ message: String, at location: String) {
        output.flush()
        errors.line(styled(.error, VisibleText.lines(location), then: VisibleText.lines(message)))
        errors.flush()
    }

    /// `text` broken between words to fit the terminal, at the prompt.
    func fitted(_ text: String) -> String {
        guard let wrapWidth else { return text }
        return WordWrap.wrap(text, width: wrapWidth())
    }

    /// `prefix` in the colour of `kind`, then `text`, the two broken to fit the terminal together.
    private func styled(_ kind: TextStyle.Role, _ prefix: String, then text: String) -> String {
        let whole = fitted(prefix + text)
        guard whole.hasPrefix(prefix) else { return errorStyle.apply(kind, to: prefix) + text }
        return errorStyle.apply(kind, to: prefix) + whole.dropFirst(prefix.count)
    }
}
