import DirectoryCore

/// The user's messages for what went wrong with a database: each says what happened in
/// our words and what to do, and never holds a secret of the location.
extension PostgreSQLStore {
    /// The user's message for a failure at `location`, worded for a save when `saving`.
    static func storageError(_ error: PostgreSQLError, location: String, saving: Bool) -> StorageError {
        if error.state == "40001" || error.state == "40P01" { return .changedMeanwhile(location: location) }
        let kept = "Nothing was written and your edits are kept"
        let reading: String
        let writing: String
        if let authentication = error.authentication {
            let user = error.user.map { "user \($0)" } ?? "the user"
            let reason: String
            switch authentication {
            case .passwordNeeded:
                if let file = error.ignoredPasswordFile {
                    reason =
                        "the server asks for the password of \(user), and \(file) was not read because others "
                        + "may read it: make it private with 'chmod 600 \(file)'"
                    break
                }
                reason =
                    "the server asks for the password of \(user) and none was given. Put it in ~/.pgpass "
                    + "(a line host:port:database:user:password, mode 0600) or PGPASSWORD, or start directory "
                    + "at a terminal to be asked for it"
            case .passwordRefused:
                // libpq's own text ("FATAL:  password authentication failed for user …") says no more.
                reason =
                    "the server refused the password of \(user). Check the password (the one typed, or the one in "
                    + "~/.pgpass, PGPASSWORD or the location); ask the database's owner if it was changed"
            }
            reading = "cannot connect: authentication failed: \(reason)"
            writing = "not saved: authentication failed: \(reason). \(kept)"
        } else if error.endedBySignal {
            let stopped = "stopped: the program was asked to end (the statement was cancelled)"
            reading = "cannot read the directory: \(stopped)"
            writing = "not saved: \(stopped). \(kept) in the recovery journal: open the list again and type 'recover'"
        } else if error.cancelledByUser {
            reading = "cannot read the directory: stopped by Ctrl-C (the statement was cancelled)"
            writing = "not saved: stopped by Ctrl-C (the statement was cancelled). \(kept)"
        } else if error.isLockTimeout {
            let holders = error.lockHolders.isEmpty ? "" : " held by " + error.lockHolders.joined(separator: ", ")
            let wait = "\(error.message)\(holders) on the directory's tables, and gave up"
            let end = "a psql session ends it with COMMIT or ROLLBACK"
            reading = "cannot read the directory: \(wait). Try again when that transaction ends (\(end))"
            writing = "not saved: \(wait). \(kept): save again when that transaction ends (\(end))"
        } else if error.isPermissionDenied {
            reading = "cannot read the directory: \(error.message); ask the directory's owner for read access"
            writing =
                "not saved: \(error.message). Your role may only read this directory. \(kept); ask the "
                + "directory's owner for write access, or use 'save as FILE'"
        } else if error.connectionLost {
            let server = "the database cannot be reached (\(ConnectionFailure.withoutLevels(error.message)))"
            reading =
                error.whileConnecting
                ? "cannot connect: \(ConnectionFailure.words(error.message))"
                : "cannot read the directory: \(server). Check the location, the server, the user and the password"
            writing = "not saved: \(server). \(kept): save again when the server is back; the next command reconnects"
        } else {
            reading = "cannot read the directory: \(error.message)"
            writing = "not saved: \(error.message). \(kept)"
        }
        return .database(
            location: location, problem: withoutSecrets(saving ? writing : reading, of: location),
            whenSaving: withoutSecrets(writing, of: location))
    }

    /// `text` with every secret of `location` (as libpq parses it) replaced, in case a
    /// message of libpq or the server quoted one.
    static func withoutSecrets(_ text: String, of location: String) -> String {
        var text = text
        for secret in StoreLocation.secrets(of: location) where secret.count >= 3 {
            text = text.replacingOccurrences(of: secret, with: "…")
        }
        return text
    }
}
