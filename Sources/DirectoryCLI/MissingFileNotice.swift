import DirectoryCore

/// What a script is told when the list file it names does not exist: a script that
/// saves would otherwise create the file with the sample records in it, unaware.
enum MissingFileNotice {
    /// The warning for `session`, or `nil` when its file exists (or it is a database).
    static func text(for session: borrowing Session) -> String? {
        session.missingFileWarning
    }
}
