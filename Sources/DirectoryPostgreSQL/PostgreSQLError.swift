/// What went wrong talking to PostgreSQL, as libpq and the server said it.
public struct PostgreSQLError: Error, Equatable, Sendable {
    /// Why the server would not let the user in.
    public enum Authentication: Equatable, Sendable {
        /// It asks for a password and none was given (`fe_sendauth: no password supplied`).
        case passwordNeeded
        /// It refused the password given (`password authentication failed`).
        case passwordRefused
    }

    /// The server's or libpq's message, trimmed (e.g. `permission denied for table people`).
    public var message: String
    /// The five-character SQLSTATE when the server sent one (`42501` for permission denied).
    public var state: String?
    /// Whether the connection broke (server stopped or restarted, network gone).
    public var connectionLost: Bool
    /// Set when connecting failed for want of a good password.
    public var authentication: Authentication?
    /// The user libpq tried to connect as, when connecting failed.
    public var user: String?
    /// The password file libpq would have ignored because others may read it (`~/.pgpass`, mode 0644).
    public var ignoredPasswordFile: String?
    /// Whether the connection could not be made at all (as opposed to one that broke).
    public var whileConnecting = false
    /// Whether SIGTERM or SIGHUP cancelled the statement: the program is ending.
    public var endedBySignal = false
    /// Whether Ctrl-C cancelled the statement (`PQcancel`).
    public var cancelledByUser = false
    /// Who holds the locks the statement waited for, in words, after a lock wait timed out.
    public var lockHolders: [String] = []

    /// Creates an error.
    public init(_ message: String, state: String? = nil, connectionLost: Bool = false) {
        self.message = message
        self.state = state
        self.connectionLost = connectionLost
    }

    /// Whether the role may not do this (`insufficient_privilege`).
    public var isPermissionDenied: Bool { state == "42501" }

    /// Whether a lock wait ran out of time (`lock_not_available`, after `lock_timeout`).
    public var isLockTimeout: Bool { state == "55P03" }

    /// libpq's multi-line message on one line, without its `ERROR:`/`FATAL:`/`WARNING:` prefixes.
    static func cleaned(_ text: String) -> String {
        let lines = text.split(whereSeparator: \.isNewline).map { line -> Substring in
            // libpq indents a hint with a tab ("\n\tIs the server running …"): a tab in a message
            // is wider on the terminal than the wrapping counted (found trying it).
            var line = line.drop { $0 == " " || $0 == "\t" }
            for prefix in ["ERROR:", "FATAL:", "WARNING:", "NOTICE:"] where line.hasPrefix(prefix) {
                line = line.dropFirst(prefix.count).drop { $0 == " " }
            }
            return line
        }
        return lines.filter { !$0.isEmpty }.joined(separator: "; ").replacing("\t", with: " ")
    }

    /// Whether a failed connection's message is the server refusing the password or the
    /// authentication (`28P01`, `28000`), which libpq reports without an SQLSTATE.
    static func isPasswordRefusal(_ message: String) -> Bool {
        message.contains("password authentication failed") || message.contains("SASL authentication failed")
    }
}
