import DirectoryCore

/// Others' saves to a shared database, told before the next prompt and before a command
/// runs, so that a listing never shows stale records with the news only after them.
extension InteractiveSession {
    /// Says what happened to the database connection (lost, back), then how many records
    /// others changed since the list was read, when that number changed since last said.
    mutating func announceChangesByOthers() {
        // Counting first: it is what notices a broken connection and opens it again.
        let count = changesByOthers(session.path, session.fingerprint) ?? 0
        for news in connectionNews(session.path) {
            printer.print(.warning(news))
            printer.output.flush()
        }
        defer { announcedChanges = count }
        guard count > 0, count != announcedChanges else { return }
        let notice = Self.changesNotice(
            count: count, schema: session.schema, name: session.fileName, mayWrite: mayWrite(session.path))
        printer.print(.warning(notice))
        printer.output.flush()
    }

    /// "Others changed 2 people in NAME since it was read; 'save' merges their changes with
    /// yours." A role that may only read is pointed to `refresh` instead.
    static func changesNotice(count: Int, schema: RecordSchema, name: String, mayWrite: Bool) -> String {
        let noun = count == 1 ? schema.noun : schema.pluralNoun
        let next = mayWrite ? "'save' merges their changes with yours" : "'refresh' shows their changes"
        return "Others changed \(count) \(noun) in \(name) since it was read; \(next)."
    }
}
