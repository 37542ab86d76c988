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
            lines.append(
                "\(VisibleText.of(session.location)) does not exist yet: \(loaded), not saved; 'save' creates the file."
            )
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
