#if canImport(Glibc)
    import Glibc
#endif

/// The store's open links by location, used by one caller at a time.
///
/// A plain lock rather than `Mutex`: the links hold libpq connections, which are
/// not `Sendable`, and never leave the lock except inside the store's calls.
final class LinkTable: @unchecked Sendable {
    private var links: [String: PostgreSQLStore.Link] = [:]
    private var mutex = pthread_mutex_t()

    init() {
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    /// Runs `body` with the table locked.
    func withLock<Value, Failure: Error>(
        _ body: (inout [String: PostgreSQLStore.Link]) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body(&links)
    }
}
