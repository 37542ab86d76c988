import DirectoryCore

/// The line shown when the prompt starts, as psql and sqlite3 show one: the version,
/// where to find help, and — the first time — that the file does not exist yet.
extension InteractiveSession {
    /// The welcome text for the session as it starts.
    var welcomeText: String {
        var lines = [Usage.version + " — type 'help' for the commands, Tab to complete, 'quit' or Ctrl-D to leave."]
        if !session.fileExists, StoreLocation.isDatabase(session.path) {
            lines.append("\(session.fileName) has no directory tables yet: the list is empty; 'save' creates them.")
        } else if !session.fileExists {
            let count = session.records.count
            let noun = count == 1 ? session.schema.noun : session.schema.pluralNoun
            let loaded =
                count == 0 ? "the list is empty" : "\(count) sample \(noun) \(count == 1 ? "was" : "were") loaded"
            lines.append(
                "\(VisibleText.of(session.path)) does not exist yet: \(loaded), not saved; 'save' creates the file.")
        }
        if let warning = session.emptyFileWarning { lines.append("warning: " + warning) }
        if let warning = session.repeatedIDWarning { lines.append("warning: " + warning) }
        if let notice = session.recoveryNotice { lines.append(notice) }
        return lines.joined(separator: "\n")
    }
}
