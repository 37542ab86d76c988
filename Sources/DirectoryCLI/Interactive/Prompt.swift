import CLibEdit
import DirectoryCore
import Foundation

/// What the loop has when a person types at a terminal: the line editor, the history file,
/// the pager, and what a shared database says about others' changes. Its presence in
/// `MainLoop.prompt` is the loop's interactive-or-script switch.
struct Prompt {
    /// Reads lines with history and completion (libedit, or a fake in tests).
    let editor: any LineEditor
    /// The history file.
    var history: HistoryFile
    /// When and how long output is paged.
    var pager = Pager(choice: .off, environment: [:])
    /// How many records others changed in a database since the version the session read
    /// (its version); `nil` for files.
    var changesByOthers: (String, ListVersion?) -> Int? = { _, _ in nil }
    /// Whether this role may write the list at a location (a database reader may not).
    var mayWrite: (String) -> Bool = { _ in true }
    /// What to say about a database connection since the last prompt (lost, back), once each.
    var connectionNews: (String) -> [String] = { _ in [] }
    /// The count of others' changes last announced, so each news is said once.
    var announcedChanges = 0

    /// A prompt reading with `editor`, its history kept as `history` says.
    init(editor: any LineEditor, history: HistoryFile) {
        self.editor = editor
        self.history = history
    }

    /// "Others changed 2 people in NAME since it was read; 'save' merges their changes with
    /// yours." A role that may only read is pointed to `refresh` instead.
    static func changesNotice(count: Int, kind: ListKind, name: String, mayWrite: Bool) -> String {
        let noun = count == 1 ? kind.noun : kind.pluralNoun
        let next = mayWrite ? "'save' merges their changes with yours" : "'refresh' shows their changes"
        return "Others changed \(count) \(noun) in \(name) since it was read; \(next)."
    }

    /// The line shown when the prompt starts, as psql and sqlite3 show one: the version, where
    /// to find help, and — the first time — that the file does not exist yet.
    static func welcomeText(for session: Session) -> String {
        var lines = [Usage.version + " — type 'help' for the commands, Tab to complete, 'quit' or Ctrl-D to leave."]
        if !session.listExists, session.medium == .database {
            lines.append("\(session.listName) has no directory tables yet: the list is empty; 'save' creates them.")
        } else if !session.listExists {
            let count = session.records.count
            let noun = count == 1 ? session.kind.noun : session.kind.pluralNoun
            let loaded =
                count == 0 ? "the list is empty" : "\(count) sample \(noun) \(count == 1 ? "was" : "were") loaded"
            // A save would write the samples into the new file: say how to start it empty.
            let creates =
                count == 0
                ? "'save' creates the file" : "'save' creates the file with them (\(Session.emptyStart(count)))"
            let folder = session.missingFolderNote.map { " \($0)." } ?? ""
            lines.append(
                "\(VisibleText.of(session.location)) does not exist yet: \(loaded), not saved; \(creates).\(folder)")
        }
        if let warning = session.emptyFileWarning { lines.append("warning: " + warning) }
        if let warning = session.repeatedIDWarning { lines.append("warning: " + warning) }
        if let notice = session.recoveryNotice { lines.append(notice) }
        if let notice = session.conflictNotice { lines.append(notice) }
        return lines.joined(separator: "\n")
    }
}

/// The terminal as a source of lines: each read shows the prompt and waits for a person.
struct TerminalLines: LineSource {
    let editor: any LineEditor

    var mayWait: Bool { true }

    mutating func next(prompt: String) -> LineRead {
        switch editor.readLine(prompt: prompt) {
        case .line(let text): return .line(.text(text))
        case .interrupted: return .interrupted
        case .end: return .end
        case .failed: return .failed
        }
    }
}

/// Reads folders for path completion.
enum FolderListing {
    /// The entries of `folder`, or none when it cannot be read.
    static func entries(of folder: String) -> [FolderEntry] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return [] }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return names.map { name in
            var isFolder: ObjCBool = false
            // Foundation's answer comes back through a pointer to the local flag, during the call only.
            let exists = unsafe manager.fileExists(atPath: base + name, isDirectory: &isFolder)
            return FolderEntry(name: name, isFolder: exists && isFolder.boolValue)
        }
    }
}

/// The loop with a person at the terminal: a prompt, history and its expansion, Tab
/// completion, news of others' changes, and a question before unsaved changes are lost.
extension MainLoop {
    /// Runs the prompt with `prompt`'s editor until `quit` or Ctrl-D; returns the exit status.
    mutating func runAtPrompt(_ prompt: Prompt) -> Int32 {
        self.prompt = prompt
        printer.wrapWidth = { Int(clibedit_terminal_width()) }
        defer { printer.output.flush() }
        if let warning = self.prompt?.history.load(into: prompt.editor) { printer.print(.warning(warning)) }
        for warning in prompt.editor.warnings { printer.print(.warning(warning)) }
        printer.output.line(printer.fitted(VisibleText.lines(Prompt.welcomeText(for: session))))
        printer.output.flush()
        var lines = TerminalLines(editor: prompt.editor)
        switch run(&lines) {
        case .exit(let status):
            return status
        case .quit, .exhausted, .stopped, .interrupted:
            // Leaving in an orderly way (`quit`, Ctrl-D answered): the recovery journal goes.
            session.endRecovery()
            return 0
        }
    }

    /// Before each prompt: the last output's unfinished line ended, completion for the list as
    /// it is now, the journal written, news of others' changes said; returns the prompt to show.
    mutating func prepareForTyping() -> String {
        // The prompt is drawn from the start of its row: without this, it would cover the end
        // of output that has no final newline (`export json -`).
        printer.output.finishLine()
        if let prompt {
            let kind = session.kind
            let records = session.records
            let environment = self.environment
            prompt.editor.complete = { line in
                Completer(
                    kind: kind, records: records, listFolder: FolderListing.entries(of:),
                    expandingTilde: DataPaths(environment: environment).expandingTilde
                ).complete(line)
            }
            prompt.editor.pager = prompt.pager
        }
        if let problem = session.flushRecovery() { printer.print(.warning(problem)) }
        announceChangesByOthers()
        return PromptText.make(for: session)
    }

    /// A typed line with its history references (`!!`, `!3`) expanded and shown, recorded in
    /// the history; `nil` when an expansion failed (and was reported).
    mutating func enterTyped(_ line: InputLine) -> InputLine? {
        guard case .text(let typed) = line, let editor = prompt?.editor else { return line }
        announceChangesByOthers()  // heard while the line was typed: said before its output
        var text = typed
        switch HistoryExpansion.expand(typed, entries: editor.historyEntries) {
        case .unchanged:
            break
        case .expanded(let expanded):
            text = expanded
            printer.output.line(VisibleText.lines(expanded))
        case .failed(let message):
            report(message)
            printer.output.flush()
            return nil
        }
        if let warning = prompt?.history.record(text, in: editor) { printer.print(.warning(warning)) }
        return .text(text)
    }

    /// A session command at the prompt: `revert` and the commands that would lose unsaved
    /// changes (`quit`, `open`) ask first; `help` fits the window; a merge with conflicts
    /// prints its summary.
    mutating func applyAtPrompt(_ command: Command) throws(LineError) -> CommandOutput {
        if case .revert = command, session.hasUnsavedChanges {
            // Undo cannot bring discarded changes back: the prompt asks first, as for quit.
            guard confirmDiscarding() else { return .nothing }
        }
        let current = session.current
        do {
            let output = try session.apply(command)
            if case .quit = output { return .quit }
            return fitted(output, for: command)
        } catch .unsavedChanges {
            return resolveUnsaved(before: command) == .quit ? .quit : .nothing
        } catch .mergedWithConflicts(let report) {
            // The merge was made: its summary, conflicts listed, is the command's output, not an
            // error (a script's merge still fails, so that the script can tell).
            return .text(report)
        } catch {
            // The prompt shows the current record: a failed `edit` leaves it as it was.
            if case .edit = command { session.keepCurrent(current) }
            throw .session(error, opensList: false)
        }
    }

    /// Says what happened to the database connection (lost, back), then how many records
    /// others changed since the list was read, when that number changed since last said:
    /// before the prompt and before a command runs, so a listing never shows stale records
    /// with the news only after them.
    mutating func announceChangesByOthers() {
        guard let prompt else { return }
        // Counting first: it is what notices a broken connection and opens it again.
        let count = prompt.changesByOthers(session.location, session.version) ?? 0
        for news in prompt.connectionNews(session.location) {
            printer.print(.warning(news))
            printer.output.flush()
        }
        defer { self.prompt?.announcedChanges = count }
        guard count > 0, count != prompt.announcedChanges else { return }
        let notice = Prompt.changesNotice(
            count: count, kind: session.kind, name: session.listName, mayWrite: prompt.mayWrite(session.location))
        printer.print(.warning(notice))
        printer.output.flush()
    }

    /// Prints `error: MESSAGE`.
    func report(_ message: String) {
        printer.error(message, at: "error: ")
    }
}
