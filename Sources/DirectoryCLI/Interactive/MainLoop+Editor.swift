import DirectoryCore

/// `editor` at the prompt: the editor gets the terminal, and a text that cannot be used
/// can be edited again or dropped.
extension MainLoop {
    /// Runs `editor` for `references` until its text is used or dropped.
    mutating func runEditor(_ references: [RecordReference], at prompt: Prompt) {
        let lineEditor = prompt.editor
        let environment = self.environment
        let command = EditorCommand(editor: ExternalEditor(environment: environment)) { shellCommand in
            lineEditor.inForeground { ForegroundProgram.run(shellCommand, input: nil, environment: environment) }
        }
        let document: EditorDocument
        do { document = try session.editorDocument(for: references) } catch {
            report(error.message)
            return
        }
        var text = document.text
        while true {
            let edited: String
            switch command.edit(text) {
            case .failure(let failure):
                report(failure.message)
                return
            case .success(let result):
                edited = result
            }
            do {
                display(try session.apply(.editorText(EditorSubmission(document: document, edited: edited))))
                return
            } catch {
                report(error.message)
                guard case .editorTextInvalid = error, askToEditAgain(lineEditor) else { return }
                text = edited
            }
        }
    }

    /// Asks whether to edit the text again; Ctrl-C or Ctrl-D drops it.
    private func askToEditAgain(_ editor: any LineEditor) -> Bool {
        printer.output.flush()
        while true {
            switch editor.readLine(prompt: EditAgainQuestion.prompt) {
            case .line(let text):
                if let again = EditAgainQuestion.answer(text) {
                    if !again { say("Dropped the edited text; nothing was changed.") }
                    return again
                }
            case .interrupted, .end, .failed:
                say("\nDropped the edited text; nothing was changed.")
                return false
            }
        }
    }

    private func say(_ text: String) {
        printer.output.line(text)
        printer.output.flush()
    }
}
