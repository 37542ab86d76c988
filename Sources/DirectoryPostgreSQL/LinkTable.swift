import Synchronization

/// The store's open links by location, and what it keeps about each location between
/// connections, used by one caller at a time.
///
/// The links hold libpq connections, which are not `Sendable`: they never leave the lock
/// except inside the store's calls.
final class LinkTable: Sendable {
    /// What the table holds.
    struct State {
        /// The open links by location.
        var links: [String: PostgreSQLStore.Link] = [:]
        /// Passwords typed at the prompt, by location, for reconnecting.
        var passwords: [String: String] = [:]
        /// Asks for a password at the terminal, when the program may (see `askForPasswords`).
        var askPassword: (@Sendable (String) -> String?)?
        /// Locations whose link broke, with why, until a new one is open.
        var lost: [String: String] = [:]
        /// What to tell the user about each location's connection (lost, back), once.
        var news: [String: [String]] = [:]
    }

    private let state = Mutex(State())

    init() {}

    /// Runs `body` with the table locked.
    func withLock<Value, Failure: Error>(
        _ body: sending (inout State) throws(Failure) -> sending Value
    ) throws(Failure) -> sending Value {
        try state.withLock { (state: inout sending State) throws(Failure) -> sending Value in try body(&state) }
    }
}
