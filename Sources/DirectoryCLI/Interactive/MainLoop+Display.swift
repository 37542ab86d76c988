import CLibEdit
import DirectoryCore

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
