#if canImport(Glibc)
    import Glibc
#endif

/// The store's open links by location, and what it keeps about each location between
/// connections, used by one caller at a time.
///
/// A plain lock rather than `Mutex`: the links hold libpq connections, which are
/// not `Sendable`, and never leave the lock except inside the store's calls.
final class LinkTable: @unchecked Sendable {
    /// What the table holds.
    struct State {
        /// The open links by location.
        var links: [String: PostgreSQLStore.Link] = [:]
        /// Passwords typed at the prompt, by location, for reconnecting.
        var passwords: [String: String] = [:]
        /// Asks for a password at the terminal, when the program may (see `askForPasswords`).
        var askPassword: ((String) -> String?)?
        /// Locations whose link broke, with why, until a new one is open.
        var lost: [String: String] = [:]
        /// What to tell the user about each location's connection (lost, back), once.
        var news: [String: [String]] = [:]
    }

    private var state = State()
    private var mutex = pthread_mutex_t()

    init() {
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    /// Runs `body` with the table locked.
    func withLock<Value, Failure: Error>(_ body: (inout State) throws(Failure) -> Value) throws(Failure) -> Value {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body(&state)
    }
}
