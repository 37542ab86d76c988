/// The stores a session keeps lists in, and which of them keeps the list at a location:
/// a database connection string goes to `database`, anything else to `files`. The session
/// asks once, when it opens a list or saves it elsewhere, and then talks to that store alone.
public struct ListStores: Sendable {
    /// The store of file paths.
    public let files: any ListStore
    /// The store of database connection strings (`postgresql://…`, `host=… dbname=…`).
    public let database: any ListStore

    /// Stores that keep files in `files` and databases in `database`.
    public init(files: any ListStore, database: any ListStore) {
        self.files = files
        self.database = database
    }

    /// One store for every location, as tests keep lists in memory.
    public init(_ store: any ListStore) {
        self.init(files: store, database: store)
    }

    /// The store that keeps the list at `location`.
    public func store(for location: String) -> any ListStore {
        StoreLocation.isDatabase(location) ? database : files
    }
}
