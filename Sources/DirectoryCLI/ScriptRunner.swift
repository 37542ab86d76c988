import DirectoryCore
import DirectoryPostgreSQL

/// Runs commands that come from a pipe, a script file or `-c`: no prompt, no
/// banner, results on standard output, errors on standard error with their line.
struct ScriptRunner {
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

    var session: Session
    var printer: OutputPrinter
    /// Where the lines come from (a sourced file's while it runs).
    var origin: Origin
    let bail: Bool
    /// How many `source` files are running inside one another.
    var sourceDepth = 0
    /// Whether a line of a sourced file failed: a `quit` after it, in that file or later,
    /// still ends the run with status 1.
    var sourcedLineFailed = false
    /// The program's environment, for `editor` (`VISUAL`, `EDITOR`, `TMPDIR`).
    var environment: [String: String] = [:]

    /// Runs every line; returns the exit status (0 all went well, 1 otherwise).
    mutating func run(_ lines: inout some LineSource) -> Int32 {
        var failed = false
        var number = 0
        var journalClock = JournalClock()
        while let line = nextLine(&lines, clock: &journalClock) {
            if let status = Termination.status(ending: &session, errors: printer.errors) { return status }
            number += 1
            let outcome = execute(line)
            switch outcome {
            case .success(.quit):
                printer.output.flush()
                session.endRecovery()
                return failed || sourcedLineFailed ? 1 : 0
            case .success(let output):
                printer.print(output)
            case .failure(let failure):
                failed = true
                if !failure.reported { printer.error(failure.message, at: origin.prefix(line: number)) }
                if DatabaseInterrupt.take() { return endInterrupted() }
                if failure.failedOpen {
                    // The lines after an `open` were written for the list it should have opened.
                    printer.error(
                        "script stopped: the lines after a failed open were written for another list, "
                            + "so they were not run on \(session.fileName)",
                        at: "directory: ")
                    warnIfUnsaved()
                    session.endRecovery()
                    return 1
                }
                if bail {
                    warnIfUnsaved()
                    session.endRecovery()
                    return 1
                }
            }
        }
        printer.output.flush()
        if let status = Termination.status(ending: &session, errors: printer.errors) { return status }
        session.endRecovery()
        if warnIfUnsaved() { return 1 }
        return failed ? 1 : 0
    }

    mutating func execute(_ line: InputLine) -> Result<CommandOutput, ScriptFailure> {
        switch line {
        case .unusable(let reason):
            return .failure(ScriptFailure(reason + "; the line was skipped"))
        case .command(let command):
            do {
                return .success(try session.apply(command))
            } catch {
                return .failure(ScriptFailure(error.message))
            }
        case .text(let text):
            do {
                guard let command = try CommandParser.parse(text) else { return .success(.nothing) }
                switch command {
                case .editor(let references):
                    let environment = self.environment
                    let redirections = EditorCommand.scriptRedirections()
                    let editor = EditorCommand(editor: ExternalEditor(environment: environment)) {
                        ForegroundProgram.run($0 + redirections, input: nil, environment: environment)
                    }
                    return .success(try editor.runOnce(references, in: &session))
                case .edit:
                    _ = try session.apply(command)  // a script makes the record current without printing it
                    return .success(.nothing)
                case .format(let format):
                    return .success(setFormat(format))
                case .source(let path):
                    return source(path)
                default:
                    return .success(try session.apply(command))
                }
            } catch let error as ParseError {
                return .failure(ScriptFailure(error.message, failedOpen: Self.isOpen(text)))
            } catch let error as SessionError {
                return .failure(ScriptFailure(error.message, failedOpen: Self.isOpen(text)))
            } catch let failure as ScriptFailure {
                return .failure(failure)
            } catch {
                return .failure(ScriptFailure("\(error)"))
            }
        }
    }

    /// Whether `text` is an `open` (or `open!`) line.
    private static func isOpen(_ text: String) -> Bool {
        let name = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
        return CommandTable.spec(named: name)?.name == "open"
    }

    /// Runs every line as `run(_:)` does, for a process that ends right after:
    /// the session is left allocated, because freeing a million records one by one
    /// would only delay the exit.
    mutating func runToExit(_ lines: inout some LineSource) -> Int32 {
        let status = run(&lines)
        _ = Unmanaged.passRetained(SessionHolder(session))
        return status
    }

    /// After Ctrl-C cancelled a database statement: a script stops there (as a Ctrl-C would
    /// have stopped it anywhere else), its unsaved changes waiting in the recovery journal.
    private mutating func endInterrupted() -> Int32 {
        session.flushRecovery()
        let unsaved =
            session.hasUnsavedChanges
            ? "; the unsaved changes to \(session.fileName) wait in the recovery journal: open it again and type "
                + "'recover'" : ""
        printer.error("interrupted by Ctrl-C: the script stopped\(unsaved)", at: "directory: ")
        printer.output.flush()
        return 130
    }

    /// Says on standard error that changes are left unsaved; returns whether there were any.
    @discardableResult
    private func warnIfUnsaved() -> Bool {
        let count = session.unsavedChanges().count
        guard count > 0 else { return false }
        let what = count == 1 ? "1 unsaved change" : "\(count) unsaved changes"
        let verb = count == 1 ? "was" : "were"
        printer.error(
            "warning: \(what) to \(session.fileName) \(verb) not saved; end the script with 'save' "
                + "(or 'quit!' to discard them)",
            at: "directory: ")
        return true
    }
}

/// A reference that keeps a session's records allocated until the process exits.
private final class SessionHolder {
    let session: Session
    init(_ session: Session) { self.session = session }
}

/// The message of a command that failed in a script.
struct ScriptFailure: Error {
    let message: String
    /// Whether the line was an `open`, which ends the script.
    let failedOpen: Bool
    /// Whether the errors were already printed (by the lines of a sourced file).
    let reported: Bool
    init(_ message: String, failedOpen: Bool = false) {
        self.message = message
        self.failedOpen = failedOpen
        self.reported = false
    }

    /// A `source` whose lines failed and said so; `failedOpen` when one was a failed `open`.
    init(reportedFailedOpen failedOpen: Bool) {
        self.message = ""
        self.failedOpen = failedOpen
        self.reported = true
    }
}
