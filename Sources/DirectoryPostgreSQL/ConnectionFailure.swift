/// Why a connection could not be made, in the program's words: libpq's message names the
/// socket or host and quotes the server's `FATAL:` line, which are its words, not a user's.
enum ConnectionFailure {
    /// The reason and what to check, for libpq's message `message` (already on one line).
    static func words(_ message: String) -> String {
        if let name = quoted(after: "database ", in: message), message.contains("does not exist") {
            return "the server has no database \(name); check the database in the location (or PGDATABASE), "
                + "or ask the server's administrator to create it"
        }
        if let name = quoted(after: "role ", in: message), message.contains("does not exist") {
            return "the server has no role (user) \(name); check the user in the location (or PGUSER), "
                + "or ask the server's administrator to create it"
        }
        let place =
            quoted(after: "connection to server on socket ", in: message).map { "the socket \($0)" }
            ?? quoted(after: "connection to server at ", in: message).map { "\($0)" }
        if message.contains("No such file or directory"), let place {
            return "no server is listening on \(place); check that it runs and that the location's host "
                + "names its socket folder"
        }
        if message.contains("Connection refused"), let place {
            return "no server is listening at \(place) (the connection was refused); check that it runs "
                + "and the location's host and port"
        }
        if message.contains("could not translate host name") {
            return "the location's host name is not known (\(withoutLevels(message))); check the host"
        }
        if message.contains("timeout expired") {
            return "the server did not answer in time (connect_timeout); check the host and the network"
        }
        return "the database cannot be reached (\(withoutLevels(message)))"
    }

    /// The text between the double quotes that follow `prefix` in `message`, quoted again.
    private static func quoted(after prefix: String, in message: String) -> String? {
        guard let start = message.range(of: prefix + "\"") else { return nil }
        let rest = message[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return "\"" + rest[..<end] + "\""
    }

    /// `message` without the server's level words anywhere in it (`FATAL:  `).
    static func withoutLevels(_ message: String) -> String {
        var text = message
        for level in ["FATAL:", "ERROR:", "WARNING:"] {
            text = text.replacingOccurrences(of: level + "  ", with: "").replacingOccurrences(of: level + " ", with: "")
        }
        return text
    }
}
