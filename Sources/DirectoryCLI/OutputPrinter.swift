import CLibEdit
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

/// Printing at the prompt: listings taller than the window go through the pager,
/// and Ctrl-C stops a long listing at once.
extension MainLoop {
    /// Prints one command's output; text and records may be paged.
    func display(_ output: CommandOutput) {
        let text: String
        switch output {
        case .text(let lines):
            // A report (a merge's, with its conflicts) of work already done: a Ctrl-C typed
            // while the work ran did not stop it, so it does not hide what was done either.
            // Only a Ctrl-C typed while it prints stops it.
            _ = clibedit_take_interrupt()
            text = printer.fitted(VisibleText.lines(lines)) + "\n"
        case .records(let listing): text = printer.renderer.render(listing)
        default:
            printer.print(output)
            return
        }
        printer.output.flush()
        let rows = Int(clibedit_terminal_height())
        let width = Int(clibedit_terminal_width())
        if let prompt, prompt.pager.pages(text, rows: rows, width: width), let command = prompt.pager.command {
            let environment = prompt.pager.pagerEnvironment
            let status = prompt.editor.inForeground {
                ForegroundProgram.run(command, input: text, environment: environment)
            }
            // Ctrl-C ended it (`cat` as the pager) maybe in mid-line: the prompt starts a line of its own.
            if let status, status > 128 {
                printer.output.line("")
                printer.output.flush()
            }
            if status != nil { return }
        }
        if !TerminalText.writeInterruptibly(text) {
            clibedit_discard_output()
            printer.output.line("^C")
            printer.output.line("Interrupted: the rest of the output was not printed.")
            printer.output.flush()
        }
    }

    /// `help`'s text broken between words at the window's width, which would otherwise cut words in two.
    func fitted(_ output: CommandOutput, for command: Command) -> CommandOutput {
        guard case .help = command, case .text(let text) = output else { return output }
        return .text(WordWrap.wrap(text, width: Int(clibedit_terminal_width())))
    }

    /// `clear`: clears the screen at a terminal that knows how (not with TERM=dumb).
    func clearScreen() {
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty, term != "dumb" else { return }
        printer.output.write("\u{1B}[H\u{1B}[2J")
        printer.output.flush()
    }
}
