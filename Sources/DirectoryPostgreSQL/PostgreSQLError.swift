/// What went wrong talking to PostgreSQL, as libpq and the server said it.
public struct PostgreSQLError: Error, Equatable, Sendable {
    /// The server's or libpq's message, trimmed (e.g. `permission denied for table people`).
    public var message: String
    /// The five-character SQLSTATE when the server sent one (`42501` for permission denied).
    public var state: String?
    /// Whether the connection broke (server stopped or restarted, network gone).
    public var connectionLost: Bool

    /// Creates an error.
    public init(_ message: String, state: String? = nil, connectionLost: Bool = false) {
        self.message = message
        self.state = state
        self.connectionLost = connectionLost
    }

    /// Whether the role may not do this (`insufficient_privilege`).
    public var isPermissionDenied: Bool { state == "42501" }

    /// libpq's multi-line message on one line, without its `ERROR:`/`FATAL:` prefixes.
    static func cleaned(_ text: String) -> String {
        let lines = text.split(whereSeparator: \.isNewline).map { line -> Substring in
            var line = line.drop { $0 == " " }
            for prefix in ["ERROR:", "FATAL:"] where line.hasPrefix(prefix) {
                line = line.dropFirst(prefix.count).drop { $0 == " " }
            }
            return line
        }
        return lines.filter { !$0.isEmpty }.joined(separator: "; ")
    }
}
