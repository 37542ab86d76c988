/// The notices and warnings a connection's server sent (`WARNING:  there is no
/// transaction in progress`, the `FATAL:` of a backend being terminated), kept here
/// instead of printed raw by libpq; the last few are kept, for messages in our words.
/// `PostgreSQLConnection` routes its connection's notices here.
final class NoticeLog {
    /// The most recent notices, oldest first, each cleaned to one line without its level.
    private(set) var recent: [String] = []

    /// Keeps `message`, dropping the oldest beyond eight.
    func add(_ message: String) {
        recent.append(PostgreSQLError.cleaned(message))
        if recent.count > 8 { recent.removeFirst() }
    }

    /// The last notice that said why the server ended the connection (its `FATAL`), if any.
    var endReason: String? {
        recent.last { $0.contains("terminating connection") || $0.contains("shutting down") }
    }
}
