/// A `ListStore` that sends each location to the store for its kind: database
/// connection URIs to `database`, every other path to `files`.
public struct RoutingStore: ListStore {
    /// The store of file paths.
    public let files: ListStore
    /// The store of `postgresql://` and `postgres://` locations.
    public let database: ListStore

    /// Creates a store that routes between `files` and `database`.
    public init(files: ListStore, database: ListStore) {
        self.files = files
        self.database = database
    }

    private func store(for location: String) -> ListStore {
        StoreLocation.isDatabase(location) ? database : files
    }

    /// Reads with the location's store.
    public func load(path: String, schema: RecordSchema?, fallback: RecordSchema) throws(StorageError) -> LoadedList? {
        try store(for: path).load(path: path, schema: schema, fallback: fallback)
    }

    /// Reads for a merge with the location's store.
    public func loadSettled(path: String, schema: RecordSchema?, fallback: RecordSchema) throws(StorageError)
        -> LoadedList?
    {
        try store(for: path).loadSettled(path: path, schema: schema, fallback: fallback)
    }

    /// Writes the whole list with the location's store.
    public func save(_ records: RecordList, schema: RecordSchema, format: FileFormat, to path: String)
        throws(StorageError) -> FileFingerprint
    {
        try store(for: path).save(records, schema: schema, format: format, to: path)
    }

    /// Writes the changes with the location's store.
    public func save(
        _ changes: ListChanges, giving records: RecordList, schema: RecordSchema, format: FileFormat,
        to path: String, known: FileFingerprint?
    ) throws(StorageError) -> FileFingerprint {
        try store(for: path).save(changes, giving: records, schema: schema, format: format, to: path, known: known)
    }

    /// Whether the location's store reads the change set.
    public func savesChangeSet(to path: String) -> Bool {
        store(for: path).savesChangeSet(to: path)
    }

    /// The fingerprint from the location's store.
    public func fingerprint(path: String, known: FileFingerprint?) throws(StorageError) -> FileFingerprint? {
        try store(for: path).fingerprint(path: path, known: known)
    }

    /// The lock of the location's store.
    public func lock(path: String) throws(StorageError) -> FileLock {
        try store(for: path).lock(path: path)
    }

    /// The location's store's refusal of a read-only list.
    public func refuseReadOnly(path: String) throws(StorageError) {
        try store(for: path).refuseReadOnly(path: path)
    }

    /// Whether the location's store has a list there.
    /// Asks the list's store.
    public func changes(at path: String, schema: RecordSchema, since known: FileFingerprint) throws(StorageError)
        -> ListDelta?
    {
        try store(for: path).changes(at: path, schema: schema, since: known)
    }

    /// Asks the list's store.
    public func mayWrite(path: String) -> Bool {
        store(for: path).mayWrite(path: path)
    }

    /// Asks the list's store.
    public func recordCount(at path: String, schema: RecordSchema) -> Int? {
        store(for: path).recordCount(at: path, schema: schema)
    }

    public func exists(path: String) -> Bool {
        store(for: path).exists(path: path)
    }

    /// Whether the two locations are one list, asked of their store when they share one.
    public func isSameList(_ path: String, as other: String) -> Bool {
        guard StoreLocation.isDatabase(path) == StoreLocation.isDatabase(other) else { return false }
        return store(for: path).isSameList(path, as: other)
    }

    /// Bytes from the location's store.
    public func readBytes(path: String) throws(StorageError) -> [UInt8] {
        try store(for: path).readBytes(path: path)
    }

    /// Bytes to the location's store.
    public func writeBytes(_ bytes: [UInt8], to path: String) throws(StorageError) {
        try store(for: path).writeBytes(bytes, to: path)
    }
}
