import DirectoryCore

/// The interactive prompt at a terminal: reads lines with libedit, expands
/// history references, runs commands, and asks before unsaved changes are lost.
struct InteractiveSession {
    /// What happens after a line.
    enum Next: Equatable {
        /// Read the next line.
        case prompt
        /// Leave the program.
        case quit
    }

    /// The open list.
    var session: Session
    /// Prints results, feedback and errors (`format` changes how it prints records).
    var printer: OutputPrinter
    /// Where files live (for `~` in paths and the history file).
    let paths: DataPaths
    /// The history file.
    var history: HistoryFile
    /// When and how long output is paged.
    var pager = Pager(choice: .off, environment: [:])
    /// How many records others changed in a database since the version the session read
    /// (its fingerprint); `nil` for files.
    var changesByOthers: (String, ListVersion?) -> Int? = { _, _ in nil }
    /// Whether this role may write the list at a location (a database reader may not).
    var mayWrite: (String) -> Bool = { _ in true }
    /// What to say about a database connection since the last prompt (lost, back), once each.
    var connectionNews: (String) -> [String] = { _ in [] }
    /// The count last announced, so each news is said once.
    var announcedChanges = 0

    /// A prompt for `session`, printing with `printer`; history settings come from `paths.environment`.
    init(session: Session, printer: OutputPrinter, paths: DataPaths) {
        self.session = session
        self.printer = printer
        self.paths = paths
        self.history = HistoryFile(settings: HistorySettings(environment: paths.environment, paths: paths))
    }

    /// Runs the prompt until `quit` or Ctrl-D; returns the exit status.
    mutating func run() -> Int32 {
        guard let editor = EditLineEditor(program: "directory", historySize: history.settings.size) else {
            var lines = DescriptorLines(descriptor: 0)
            var runner = ScriptRunner(session: session, printer: printer, origin: .standardInput, bail: false)
            return runner.run(&lines)
        }
        return run(with: editor)
    }

    /// Runs the prompt with `editor`; returns the exit status.
    mutating func run(with editor: some LineEditor) -> Int32 {
        defer { printer.output.flush() }
        if let warning = history.load(into: editor) { printer.print(.warning(warning)) }
        for warning in editor.warnings { printer.print(.warning(warning)) }
        printer.output.line(welcomeText)
        printer.output.flush()
        while true {
            if let status = Termination.status(ending: &session, errors: printer.errors) { return status }
            let schema = session.schema
            let records = session.records
            let paths = self.paths
            editor.complete = { line in
                Completer(
                    schema: schema, records: records, listFolder: FolderListing.entries(of:),
                    expandingTilde: paths.expandingTilde
                ).complete(line)
            }
            editor.pager = pager
            if let problem = session.flushRecovery() { printer.print(.warning(problem)) }
            announceChangesByOthers()
            let prompt = PromptText.make(for: session)
            switch Termination.waiting(for: session, { editor.readLine(prompt: prompt) }) {
            case .interrupted:
                printer.output.line("^C")
                printer.output.flush()
            case .end:
                printer.output.line("")
                if confirmLeaving(editor) == .quit { return leave() }
            case .failed:
                if let status = Termination.status(ending: &session, errors: printer.errors) { return status }
                warnUnsaved()
                return 1
            case .line(let line):
                announceChangesByOthers()  // heard while the line was typed: said before its output
                if enter(line, editor: editor) == .quit { return leave() }
            }
        }
    }

    /// Expands, records and runs one line.
    private mutating func enter(_ typed: String, editor: some LineEditor) -> Next {
        var line = typed
        switch HistoryExpansion.expand(typed, entries: editor.historyEntries) {
        case .unchanged:
            break
        case .expanded(let expanded):
            line = expanded
            printer.output.line(VisibleText.lines(expanded))
        case .failed(let message):
            report(message)
            return .prompt
        }
        if let warning = history.record(line, in: editor) { printer.print(.warning(warning)) }
        let next = execute(line, editor: editor)
        printer.output.flush()
        return next
    }

    /// Parses and applies one line, printing its output or error.
    private mutating func execute(_ line: String, editor: some LineEditor) -> Next {
        let parsed: Command?
        do {
            parsed = try CommandParser.parse(line)
        } catch {
            report(error.message)
            return .prompt
        }
        guard let command = parsed else { return .prompt }
        if case .history(let count) = command {
            let listing = HistoryExpansion.listing(of: editor.historyEntries, last: count)
            if !listing.isEmpty { display(.text(listing), editor: editor) }
            return .prompt
        }
        if command == .clear {
            clearScreen()
            return .prompt
        }
        if case .editor(let references) = command {
            runEditor(references, editor: editor)
            return .prompt
        }
        switch command {
        case .format, .source: return runAsScript(command, editor: editor)
        case .revert where session.hasUnsavedChanges:
            // Undo cannot bring discarded changes back: the prompt asks first, as for quit.
            guard confirmDiscarding(editor) else { return .prompt }
        default: break
        }
        do {
            let output = try session.apply(command)
            if output == .quit { return .quit }
            display(fitted(output, for: command), editor: editor)
        } catch .unsavedChanges {
            return resolveUnsaved(before: command, editor: editor)
        } catch {
            report(error.message)
        }
        return .prompt
    }

    /// Prints `error: MESSAGE`.
    func report(_ message: String) {
        printer.error(message, at: "error: ")
    }
}
