import DirectoryCore

/// What a script is told when the list file it names does not exist: a script that
/// saves would otherwise create the file with the sample records in it, unaware.
enum MissingFileNotice {
    /// The warning for `session`, or `nil` when its file exists (or it is a database).
    static func text(for session: borrowing Session) -> String? {
        guard !session.fileExists, !StoreLocation.isDatabase(session.path) else { return nil }
        let count = session.records.count
        let noun = count == 1 ? session.schema.noun : session.schema.pluralNoun
        let start = count == 0 ? "an empty list" : "\(count) sample \(noun)"
        return "\(VisibleText.of(session.path)) does not exist: the session starts with \(start) "
            + "(not saved; 'save' creates the file)"
    }
}
