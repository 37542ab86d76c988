import DirectoryCore

/// Others' saves to a shared database, told before the next prompt.
extension InteractiveSession {
    /// Says how many records others changed since the list was read, when that number grew.
    mutating func announceChangesByOthers() {
        let count = changesByOthers(session.path) ?? 0
        for news in connectionNews(session.path) {
            printer.print(.warning(news))
            printer.output.flush()
        }
        defer { announcedChanges = count }
        guard count > 0, count != announcedChanges else { return }
        printer.print(.warning(Self.changesNotice(count: count, session: session)))
        printer.output.flush()
    }

    /// "Others changed 2 people in NAME since you opened it; 'save' merges their changes with yours."
    static func changesNotice(count: Int, session: Session) -> String {
        let noun = count == 1 ? session.schema.noun : session.schema.pluralNoun
        return "Others changed \(count) \(noun) in \(session.fileName) since it was read; "
            + "'save' merges their changes with yours."
    }
}
