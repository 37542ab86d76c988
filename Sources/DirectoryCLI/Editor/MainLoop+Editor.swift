import DirectoryCore
import DirectoryFiles

/// `editor`: the session gives the records as text, the user's editor changes it, and the
/// session applies the result as one change. One path for the prompt and for a script; the
/// loop's interactive-or-script switch decides the rest: at the prompt the editor gets the
/// terminal and a text that cannot be used can be edited again or dropped; in a script such a
/// text is an error that changes nothing.
extension MainLoop {
    /// Runs `editor` for `references`, at the prompt (`interactive`) or in a script.
    mutating func runEditor(_ references: [RecordReference], interactive: Bool) throws(LineError) -> CommandOutput {
        let lineEditor = interactive ? prompt?.editor : nil
        let leftover = EditorLeftover(folder: DataPaths(environment: environment).recoveryFolder, session: session)
        let editor = EditorCommand(environment: environment, lineEditor: lineEditor, leftover: leftover)
        if lineEditor == nil, !editor.editor.isChosen, !EditorCommand.hasTerminal { throw .editor(.noTerminal) }
        let document: EditorDocument
        do { document = try session.editorDocument(for: references) } catch {
            throw .session(error, opensList: false)
        }
        var text = Array(document.text.utf8)
        while true {
            let edited: [UInt8]
            switch editor.edit(text) {
            case .failure(let failure): throw .editor(failure)
            case .success(let result): edited = result
            }
            do throws(SessionError) {
                let read: String
                switch EditorText.read(edited) {
                case .success(let value): read = value
                case .failure(let problems): throw SessionError.editorTextInvalid(problems.problems)
                }
                return try session.apply(.editorText(EditorSubmission(document: document, edited: read)))
            } catch {
                guard lineEditor != nil, case .editorTextInvalid = error else {
                    throw .session(error, opensList: false)
                }
                report(error.message)
                guard askToEditAgain() else { return .nothing }
                text = edited
            }
        }
    }

    /// Asks whether to edit the text again; Ctrl-C or Ctrl-D drops it.
    private func askToEditAgain() -> Bool {
        if question(EditAgainQuestion.prompt, choices: "e or d", answer: EditAgainQuestion.answer) == true {
            return true
        }
        printer.output.line("Dropped the edited text; nothing was changed.")
        printer.output.flush()
        return false
    }
}
