import CLibEdit
import DirectoryCore

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
        case .quit, .exhausted, .stopped:
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
