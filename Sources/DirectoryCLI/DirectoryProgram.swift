import CLibEdit
import DirectoryCore
import DirectoryFiles
import DirectoryPostgreSQL
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The program: parses the command line, opens the list and runs the right front end.
public enum DirectoryProgram {
    /// Runs the program with the process's arguments and environment; returns the exit status.
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        // Redaction asks libpq which parts of a connection string are secret (loaded only then).
        ConnectionSecrets.install()
        StandardDescriptors.holdClosedOnes()
        let output = OutputStream(descriptor: 1)
        let errors = OutputStream(descriptor: 2)
        if let problem = RawArguments.problem() {
            errors.line("directory: " + problem)
            errors.flush()
            return 2
        }
        if ArgumentPasswords.remove() { errors.line("directory: warning: " + ArgumentPasswords.warning) }
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            errors.line("directory: " + VisibleText.lines(error.message))
            errors.line("Run 'directory --help' for usage.")
            errors.flush()
            return 2
        }
        if options.help {
            output.line(Usage.text)
            return output.finish(status: 0, errors: errors)
        }
        if options.version {
            output.line(Usage.version)
            return output.finish(status: 0, errors: errors)
        }
        if let shell = options.completion {
            output.write(CompletionScript.text(for: shell))
            return output.finish(status: 0, errors: errors)
        }
        let settings = EffectiveSettings.load(options: options, environment: environment)
        for warning in settings.warnings { errors.line("directory: warning: " + VisibleText.lines(warning)) }
        errors.flush()
        if options.printConfig {
            output.line(VisibleText.lines(settings.report))
            return output.finish(status: 0, errors: errors)
        }
        let paths = DataPaths(environment: settings.exporting(into: environment))
        settings.exportHistorySize()
        let path = settings.file.value
        let live = SessionEnvironment.live(paths: paths)
        let interactive = options.commands.isEmpty && options.script == nil && isatty(0) == 1 && isatty(1) == 1
        let database = PostgreSQLStore(warn: {
            let line = "directory: warning: \($0)\n"
            _ = OpenDescriptor(number: 2).writeOnce(line.utf8.span)
        })
        // As psql does: a password is asked for only at a terminal, never in a script.
        if interactive { database.askForPasswords(with: PasswordPrompt.read) }
        let stores = ListStores(files: FileStore(lockWait: .cancelledByControlC), database: database)
        if stores.store(for: path).medium == .file {
            if settings.file.source == .builtIn { FolderCreation.createFolders(for: path) }
            AtomicFile.removeLeftovers(of: path)
        }
        if !interactive, options.script == nil, stores.store(for: path).medium == .file,
            let status = OneShotFind.run(
                commands: options.commands, path: path, kind: settings.sessionKind,
                recoveryFolder: paths.recoveryFolder,
                printer: outputPrinter(
                    settings: settings, live: live, output: output, errors: errors, environment: environment))
        {
            return status
        }
        var session: Session
        do {
            session = try Session(location: path, kind: settings.sessionKind, stores: stores, environment: live)
        } catch {
            errors.line("directory: " + VisibleText.lines(error.message))
            errors.flush()
            return 1
        }
        session.autosave = settings.autosave.value
        session.keepRecoveryJournal(
            in: FileRecoveryStore(folder: paths.recoveryFolder, pid: Int(getpid()), now: live.now))
        session.keepVersions(
            in: FileKeptVersions(folder: paths.keptVersionsFolder, thinning: FileKeptVersions.savesThinnedWithin))
        session.findConflictCopies(with: FileConflictCopies())
        if let problem = StateFolderCheck.warning(for: paths) {
            errors.line("directory: warning: " + VisibleText.lines(problem))
            errors.flush()
        }
        if let left = EditorLeftover(folder: paths.recoveryFolder, session: session).notice(listName: session.listName)
        {
            errors.line("directory: warning: " + VisibleText.lines(left))
            errors.flush()
        }
        Termination.catchSignals(inScript: !interactive)
        if !interactive {
            // A script (-c, -f or a pipe) is told when the file it was given (by a flag or the
            // config file) is missing: its save would create the file with the sample records.
            let given: Bool
            switch settings.file.source {
            case .flag, .config: given = true
            default: given = false
            }
            let missing = given ? session.missingFileWarning : nil
            let notes = [
                session.emptyFileWarning, missing, session.repeatedIDWarning, session.recoveryNotice,
                session.conflictNotice,
            ]
            for note in notes.compactMap({ $0 }) {
                errors.line("directory: warning: " + VisibleText.lines(note))
            }
            errors.flush()
        }
        session.wordsFeedback = interactive
        let printer = outputPrinter(
            settings: settings, live: live, output: output, errors: errors, environment: environment,
            showsFeedback: interactive)
        var loop = MainLoop(
            session: consume session, printer: printer, environment: paths.environment, origin: .standardInput,
            bail: options.bail)
        if interactive {
            let history = HistoryFile(settings: HistorySettings(environment: paths.environment, paths: paths))
            if let editor = EditLineEditor(
                program: "directory", historySize: history.settings.size, environment: paths.environment)
            {
                var prompt = Prompt(editor: editor, history: history)
                prompt.pager = Pager(choice: settings.pager.value, environment: environment)
                prompt.changesByOthers = database.changesByOthers(at:since:)
                prompt.mayWrite = database.mayWrite(location:)
                prompt.connectionNews = database.connectionNews(at:)
                return loop.runAtPrompt(prompt)
            }
            // No line editor: the terminal's lines are read as a script's, going on after errors.
            var lines = DescriptorLines(descriptor: 0)
            loop.bail = false
            return loop.runScript(&lines)
        }
        if let script = options.script {
            let descriptor: Int32
            // `-f -` is standard input, as for psql (a file named `-` is `./-`).
            let opened =
                script == "-"
                ? ScriptFile.standardInput() : ScriptFile.open(paths.expandingTilde(script), shown: script)
            switch opened {
            case .success(let opened): descriptor = opened
            case .failure(let problem):
                errors.line("directory: " + VisibleText.lines(problem.message))
                errors.flush()
                return problem.status
            }
            defer { close(descriptor) }
            var lines = DescriptorLines(descriptor: descriptor)
            loop.origin = .file(script == "-" ? "<stdin>" : script)
            return loop.runScriptToExit(&lines)
        }
        if !options.commands.isEmpty {
            var lines = ArgumentLines(lines: options.commands)
            loop.origin = .arguments
            return loop.runScriptToExit(&lines)
        }
        var lines = DescriptorLines(descriptor: 0, beforeReading: { output.flush() })
        return loop.runScriptToExit(&lines)
    }
}

extension DirectoryProgram {
    /// How results and errors are printed, by the settings and what the outputs are.
    fileprivate static func outputPrinter(
        settings: EffectiveSettings, live: SessionEnvironment, output: OutputStream, errors: OutputStream,
        environment: [String: String], showsFeedback: Bool = false
    ) -> OutputPrinter {
        var renderer = RecordRenderer(format: settings.format.value, utcOffset: live.utcOffset)
        renderer.forTerminal = isatty(1) == 1
        renderer.style = TextStyle(
            enabled: settings.color.value.enabled(isTerminal: isatty(1) == 1, environment: environment))
        var printer = OutputPrinter(output: output, errors: errors, renderer: renderer, showsFeedback: showsFeedback)
        printer.errorStyle = TextStyle(
            enabled: settings.color.value.enabled(isTerminal: isatty(2) == 1, environment: environment))
        return printer
    }
}

/// Creates the default data folder on first use.
enum FolderCreation {
    /// Creates every missing folder above `path` (mode 0700, as XDG asks for data folders);
    /// a relative path's folders go under the current folder, never under `/`.
    static func createFolders(for path: String) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/").dropLast() {
            prefix += "/" + component
            // mkdir(2) takes the path as a C string, during the call only.
            unsafe mkdir(prefix, 0o700)
        }
    }
}

extension SessionEnvironment {
    /// The real clock, the local time zone (`TZ`), random identifiers, the user's home folder,
    /// the locale that `sort` follows (`LC_ALL`, `LC_COLLATE`, `LANG`), the state folder, and
    /// Ctrl-C at the prompt.
    static func live(paths: DataPaths) -> SessionEnvironment {
        var environment = SessionEnvironment(
            now: { Date().timeIntervalSinceReferenceDate },
            utcOffset: { seconds in
                TimeZone.current.secondsFromGMT(for: Date(timeIntervalSinceReferenceDate: seconds))
            },
            makeID: { RandomIDSource.shared.makeID() },
            home: paths.home)
        environment.collationLocale = SessionEnvironment.collationLocale(environment: paths.environment)
        environment.stateFolder = paths.shownStateFolder
        environment.interruption = Termination.interruption
        return environment
    }
}

extension LockWait {
    /// The standard wait, which Ctrl-C at the prompt cancels, and a signal that ends the
    /// program (SIGHUP, SIGTERM, Ctrl-C in a script) too; after a second it says on standard
    /// error what it waits for.
    static let cancelledByControlC = LockWait(
        seconds: LockWait.standard.seconds,
        isCancelled: { clibedit_take_interrupt() != 0 || clibedit_termination_signal() != 0 },
        waiting: { what in
            let line =
                "directory: waiting for \(what) (at most \(Int(LockWait.standard.seconds)) s; "
                + "Ctrl-C stops the wait)\n"
            _ = OpenDescriptor(number: 2).writeOnce(line.utf8.span)
        })
}
