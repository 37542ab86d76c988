import CLibEdit
import DirectoryCore
import DirectoryPostgreSQL

/// The one loop over lines, after psql's `MainLoop`: the terminal (through libedit), standard
/// input, a script file, `-c` and a sourced file are all read here. Each line is parsed by
/// `CommandParser`; a session command goes to `Session.apply`, a front end's command is carried
/// out here, and the output or the typed `LineError` goes to the printer (`OutputPrinter`, at the end
/// of this file).
///
/// One switch says whether a person is typing: `prompt`, set at a terminal, brings the prompt,
/// history, paging and the questions before unsaved changes are lost, and an error there only
/// waits for the next line. Without it (and in a file sourced at the prompt) the script rules
/// hold: errors are located by line, a failed `open` or `--bail` stops the run, and the exit
/// status says whether every line worked.
struct MainLoop {
    /// How an error's location is written: `directory: line 3: ` or `setup.txt:3: `.
    enum Origin {
        /// Standard input.
        case standardInput
        /// A script file.
        case file(String)
        /// `-c` arguments.
        case arguments

        func prefix(line: Int) -> String {
            switch self {
            case .standardInput: return "directory: line \(line): "
            case .file(let path): return "\(path):\(line): "
            case .arguments: return "directory: -c #\(line): "
            }
        }
    }

    /// How reading one source ended.
    enum Ending {
        /// `quit`, or Ctrl-D at the prompt answered.
        case quit
        /// The lines ran out; `failed` when one of them failed.
        case exhausted(failed: Bool)
        /// A line failed and the script stops (`--bail`, a failed `open`, or a `quit` refused
        /// for unsaved changes, which ends it as the end of its input does).
        case stopped(failedOpen: Bool)
        /// The program ends now with this status (a signal, the terminal gone, Ctrl-C in a script).
        case exit(Int32)
        /// Ctrl-C at the prompt stopped a sourced file at its line `line`, not run or stopped
        /// before it changed anything; `ranBefore` when lines had run (a nested `source`'s).
        case interrupted(line: Int, ranBefore: Bool)
    }

    /// The open list.
    var session: Session
    /// Prints results, feedback and errors (`format` changes how it prints records).
    var printer: OutputPrinter
    /// The program's environment, for `editor` (`VISUAL`, `EDITOR`, `TMPDIR`), `~` and `TERM`.
    let environment: [String: String]
    /// Where the lines come from (a sourced file's while it runs), for the errors' locations.
    var origin: Origin
    /// Whether a script, or a file `source` runs at the prompt, stops at its first failed line
    /// (`--bail`); the prompt itself goes on.
    var bail: Bool
    /// The interactive-or-script switch: the terminal's parts when a person types the lines.
    var prompt: Prompt?
    /// How many `source` files are running inside one another.
    var sourceDepth = 0
    /// Whether a line failed anywhere (a sourced file's too): a script's `quit` then ends with 1.
    var lineFailed = false
    /// Whether a `quit` in a script or a sourced file was refused for unsaved changes: the lines
    /// after it were written to run after the session, so none runs. The script ends there as at
    /// the end of its input; at the prompt, the sourced files stop and the prompt goes on.
    var quitRefused = false

    init(session: consuming Session, printer: OutputPrinter, environment: [String: String], origin: Origin, bail: Bool)
    {
        self.session = session
        self.printer = printer
        self.environment = environment
        self.origin = origin
        self.bail = bail
    }

    /// Reads and carries out the lines of `source` until they end, `quit`, or a stop.
    mutating func run(_ source: inout some LineSource) -> Ending {
        let interactive = prompt != nil && sourceDepth == 0
        var failed = false
        var number = 0
        var clock = JournalClock()
        while true {
            // A signal during a command ends the program once the command is done: at the
            // prompt before the next prompt, in a script before the next line runs.
            if interactive, let status = Termination.status(ending: &session, errors: printer.errors) {
                return .exit(status)
            }
            var promptText = ""
            if interactive {
                promptText = prepareForTyping()
            } else if session.hasPendingRecovery, source.mayWait || clock.isDue() {
                // Before a read that may wait (a pipe's or a sourced FIFO's writer pausing),
                // and at most a second apart in a long script or sourced file.
                writeRecoveryJournal(clock: &clock)
            }
            // While it waits for a line, with the journal written, a signal ends the program at
            // once: in a sourced file too, whose writer may never write again.
            let read =
                source.mayWait
                ? Termination.waiting(for: session) { source.next(prompt: promptText) }
                : source.next(prompt: promptText)
            switch read {
            case .interrupted:
                // Ctrl-C at the prompt while a sourced file waited for its next line (a FIFO's writer pausing).
                if sourceDepth > 0, prompt != nil { return .interrupted(line: number + 1, ranBefore: number > 0) }
                printer.output.line("^C")
                printer.output.flush()
            case .end:
                guard interactive else { return .exhausted(failed: failed) }
                printer.output.line("")
                if confirmLeaving() == .quit { return .quit }
            case .failed:
                if let status = Termination.status(ending: &session, errors: printer.errors) { return .exit(status) }
                warnUnsavedAtLostTerminal()
                return .exit(1)
            case .line(var line):
                if sourceDepth == 0, !interactive,
                    let status = Termination.status(ending: &session, errors: printer.errors)
                {
                    return .exit(status)
                }
                number += 1
                // Ctrl-C at the prompt stops a sourced file between its lines, as psql's `\i`.
                if sourceDepth > 0, prompt != nil, Termination.interruption.isRequested {
                    return .interrupted(line: number, ranBefore: number > 1)
                }
                // In a script, a signal that ends the program stops a sourced file before its
                // next line too; the outermost loop then ends as the signal asks.
                if sourceDepth > 0, prompt == nil, Termination.signal != nil { return .stopped(failedOpen: false) }
                if interactive {
                    guard let typed = enterTyped(line) else { continue }
                    line = typed
                    // A statement cancelled before this line was said then; a `source` stops
                    // only for a cancel of its own.
                    _ = DatabaseInterrupt.take()
                }
                do throws(LineError) {
                    let output = try carryOut(line, interactive: interactive)
                    if case .quit = output { return .quit }
                    if interactive { display(output) } else { printer.print(output) }
                    // With --bail, a line's output is written with it, so that a failed write stops there.
                    if bail, !interactive { printer.output.flush() }
                    if let problem = printer.output.takeFailure() { throw .outputUnwritable(problem) }
                } catch {
                    failed = true
                    lineFailed = true
                    if sourceDepth > 0, prompt != nil, error.isInterruption || DatabaseInterrupt.take() {
                        return .interrupted(line: number, ranBefore: number > 1 || error.ranLinesBefore)
                    }
                    if quitRefused {
                        guard interactive else {
                            if !error.isReported { printer.error(quitRefusal(), at: origin.prefix(line: number)) }
                            return .stopped(failedOpen: false)
                        }
                        quitRefused = false
                    }
                    if !error.isReported {
                        // At the prompt, an interruption is said as itself, not as an error.
                        let location =
                            interactive ? (error.isInterruption ? "" : "error: ") : origin.prefix(line: number)
                        printer.error(error.message, at: location)
                    }
                    if !interactive {
                        if sourceDepth == 0, DatabaseInterrupt.take() { return .exit(endInterrupted()) }
                        if error.opensList || bail { return .stopped(failedOpen: error.opensList) }
                    }
                }
                if interactive { printer.output.flush() }
            }
        }
    }

    /// Parses `line` and carries it out: the session applies its commands, the front end's are
    /// carried out here. `interactive` chooses the prompt's ways (questions, the editor at the
    /// terminal) over a script's.
    mutating func carryOut(_ line: InputLine, interactive: Bool) throws(LineError) -> CommandOutput {
        switch try Self.parse(line) {
        case nil:
            return .nothing
        case .command(let command)?:
            if case .importFile(_, let path, _) = command, Self.readingMayWait(path, environment: environment) {
                return try applyReadingStream(command, interactive: interactive)
            }
            return interactive ? try applyAtPrompt(command) : try applyInScript(command)
        case .frontEnd(let command)?:
            return try carryOut(command, interactive: interactive)
        }
    }

    /// What `line` asks for, by `CommandParser` (from the bytes of a script's line).
    @inline(__always)
    static func parse(_ line: InputLine) throws(LineError) -> ParsedLine? {
        switch line {
        case .unusable(let reason):
            throw .unusable(reason)
        case .text(let text):
            do { return try CommandParser.parse(text) } catch {
                throw .parse(error, opensList: CommandParser.commandName(of: text) == "open")
            }
        case .utf8(let bytes):
            do throws(ParseError) {
                return try CommandParser.parse(utf8: bytes.span)
            } catch {
                let text = String(decoding: bytes, as: UTF8.self)
                throw .parse(error, opensList: CommandParser.commandName(of: text) == "open")
            }
        }
    }

    /// A session command in a script: as the session does it, except that `edit` makes the
    /// record current without printing it.
    mutating func applyInScript(_ command: Command) throws(LineError) -> CommandOutput {
        do {
            let output = try session.apply(command)
            if case .edit = command { return .nothing }
            return output
        } catch {
            if case .open = command { throw .session(error, opensList: true) }
            if case .quit = command, case .unsavedChanges = error { quitRefused = true }
            throw .session(error, opensList: false)
        }
    }

    /// What a refused `quit` says where it stopped the script (or, at the prompt, the sourced file).
    private func quitRefusal() -> String {
        let count = session.unsavedChanges().count
        let what = Counted.text(count, "unsaved change")
        guard prompt != nil, case .file(let path) = origin else {
            return "quit with \(what) to \(session.listName): the script stops here, the lines after it not run"
        }
        return "quit with \(what) to \(session.listName): \(path) stops here, the lines after it not run; "
            + "'save' keeps the changes, 'quit!' discards them ('changes' lists them)"
    }
}

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
