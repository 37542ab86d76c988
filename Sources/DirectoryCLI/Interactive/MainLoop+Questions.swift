import DirectoryCore

/// Asking before unsaved changes are lost: Ctrl-D, `quit`, `open` and `revert`.
extension MainLoop {
    /// What the prompt does after a question.
    enum Next: Equatable {
        /// Read the next line.
        case prompt
        /// Leave the program.
        case quit
    }

    /// Ctrl-D: leaves, asking first when changes are unsaved.
    mutating func confirmLeaving() -> Next {
        guard session.hasUnsavedChanges else { return .quit }
        return resolveUnsaved(before: .quit(force: false))
    }

    /// Asks whether to save before `command` (`quit` or `open`), then acts on the answer:
    /// save and go on (staying when the save fails), go on discarding, or cancel.
    mutating func resolveUnsaved(before command: Command) -> Next {
        switch ask() {
        case .cancel:
            return .prompt
        case .save:
            do {
                printer.print(try session.apply(.save(force: false)))
            } catch {
                report(error.message + "; nothing was discarded")
                return .prompt
            }
        case .discard:
            break
        }
        switch command {
        case .open(let path, _):
            do {
                printer.print(try session.apply(.open(location: path, force: true)))
            } catch {
                report(error.message)
            }
            return .prompt
        default:
            return .quit
        }
    }

    /// `revert` with unsaved changes: asks `Discard N unsaved changes to FILE and take its
    /// version? [y]es, [n]o`; true only for yes. Ctrl-C or Ctrl-D keeps the changes.
    func confirmDiscarding() -> Bool {
        let prompt = SaveQuestion.discardPrompt(changes: session.unsavedChanges().count, fileName: session.listName)
        return question(prompt, choices: "y or n", answer: SaveQuestion.discardAnswer) ?? false
    }

    /// Asks `Save changes to FILE? [y]es, [n]o, [c]ancel` until it gets an answer;
    /// Ctrl-C or Ctrl-D cancels.
    private func ask() -> SaveQuestion.Answer {
        let prompt = SaveQuestion.prompt(fileName: session.listName)
        return question(prompt, choices: "y, n or c", answer: SaveQuestion.answer) ?? .cancel
    }

    /// Asks `prompt` until `answer` takes the line typed, naming the `choices` after
    /// anything else; `nil` when Ctrl-C or Ctrl-D ends the question.
    func question<Answer>(
        _ prompt: String, choices: String, answer: (String) -> Answer?
    ) -> Answer? {
        guard let editor = self.prompt?.editor else { return nil }
        printer.output.flush()
        editor.clearPendingInput()
        while true {
            switch Termination.waiting(for: session, { editor.readLine(prompt: prompt) }) {
            case .line(let text):
                if editor.lastLineWasPasted {
                    editor.clearPendingInput()
                    printer.output.line("Pasted text does not answer this question: type \(choices).")
                    printer.output.flush()
                    continue
                }
                if let taken = answer(text) { return taken }
                printer.output.line("Please answer \(choices).")
                printer.output.flush()
            case .interrupted, .end, .failed:
                printer.output.line("")
                printer.output.flush()
                return nil
            }
        }
    }

    /// Says on standard error that changes were left unsaved, when the terminal went away.
    func warnUnsavedAtLostTerminal() {
        let count = session.unsavedChanges().count
        guard count > 0 else { return }
        let what = Counted.text(count, "unsaved change")
        let place = Termination.unsavedChangesPlace(count == 1 ? "it" : "they", plural: count != 1, of: session)
        printer.error(
            "\(what) to \(session.listName) could not be saved: the terminal closed; \(place)", at: "directory: ")
    }
}
