/// A list read from a file, with what is needed to notice later changes to it.
public struct LoadedList: Equatable, Sendable {
    /// The kind of the records.
    public var schema: RecordSchema
    /// The records, in file order.
    public var records: RecordList
    /// The file's format, kept when saving.
    public var format: FileFormat
    /// What the file looked like when read, or `nil` when it did not exist.
    public var fingerprint: FileFingerprint?

    /// Creates a loaded list.
    public init(schema: RecordSchema, records: RecordList, format: FileFormat, fingerprint: FileFingerprint?) {
        self.schema = schema
        self.records = records
        self.format = format
        self.fingerprint = fingerprint
    }
}

/// Size, modification time and content hash of a file, to tell whether
/// another program changed it since it was read. A database store puts its
/// version counter, bumped by every save, in `hash`.
public struct FileFingerprint: Equatable, Sendable {
    /// Whether two fingerprints describe the same contents: the same size and the same
    /// hash. The modification time is not trusted: a coarse clock or `touch -r` keeps it.
    public func sameContents(as other: FileFingerprint) -> Bool {
        size == other.size && hash == other.hash
    }

    /// Size in bytes.
    public var size: Int
    /// Modification time, nanoseconds since 1970.
    public var modified: Int64
    /// A 64-bit hash of the contents (`FileHash`).
    public var hash: UInt64

    /// Creates a fingerprint.
    public init(size: Int, modified: Int64, hash: UInt64) {
        self.size = size
        self.modified = modified
        self.hash = hash
    }
}

/// Where lists are read from and written to. The session talks to files only
/// through this, so tests can give it a store in memory.
public protocol ListStore: Sendable {
    /// Reads the list at `path`, or returns `nil` when no file is there.
    ///
    /// - Parameters:
    ///   - schema: the kind to read, or `nil` to let the file's records decide.
    ///   - fallback: the kind when neither `schema` nor the records decide.
    func load(path: String, schema: RecordSchema?, fallback: RecordSchema) throws(StorageError) -> LoadedList?

    /// Reads the list at `path` for a merge, where it held a list before: as `load`, but a
    /// store whose files another program may be writing in place waits, briefly and
    /// boundedly, for an empty or half-written file to hold a list again, and never
    /// returns such a file as a list. The default reads once.
    func loadSettled(path: String, schema: RecordSchema?, fallback: RecordSchema) throws(StorageError)
        -> LoadedList?

    /// Writes `records` to `path` atomically and returns the new file's fingerprint.
    func save(_ records: RecordList, schema: RecordSchema, format: FileFormat, to path: String) throws(StorageError)
        -> FileFingerprint

    /// Writes `changes` to the list at `path`, last seen as `known`, so that it then holds
    /// `records`; returns the new fingerprint. A store that can, writes only the changes,
    /// and throws `.changedMeanwhile` when the list changed since `known`: the session then
    /// merges and tries again. The default writes the whole list with `save`.
    func save(
        _ changes: ListChanges, giving records: RecordList, schema: RecordSchema, format: FileFormat,
        to path: String, known: FileFingerprint?
    ) throws(StorageError) -> FileFingerprint

    /// Whether `save(_:giving:schema:format:to:known:)` reads the change set for `path`.
    /// A store that writes the whole list says no and is handed an empty change set, so a
    /// save does not compare every record the session touched for nothing.
    func savesChangeSet(to path: String) -> Bool

    /// The fingerprint of the file at `path` now, or `nil` when there is none; `known` is
    /// the last one seen. Its hash must be of the contents now: a store may not return
    /// `known` just because size and modification time match.
    func fingerprint(path: String, known: FileFingerprint?) throws(StorageError) -> FileFingerprint?

    /// Takes the advisory lock that keeps two saves of `path` from interleaving;
    /// it is held until the returned lock is released.
    func lock(path: String) throws(StorageError) -> FileLock

    /// Throws when the file at `path` is read-only, which a plain `save` must not
    /// replace (`save!` does not ask). Stores without permissions need not implement it.
    func refuseReadOnly(path: String) throws(StorageError)

    /// What others saved to the list at `path` since `known`, read without reading the whole
    /// list, or `nil` when the store cannot tell (the caller then loads the list): a merge
    /// then costs what changed, not the list's size.
    func changes(at path: String, schema: RecordSchema, since known: FileFingerprint) throws(StorageError)
        -> ListDelta?

    /// Whether this user may write the list at `path`; a database reader may not. Asked only
    /// to word a message (a conflict), never instead of trying.
    func mayWrite(path: String) -> Bool

    /// How many records the list at `path` holds now, when `save! as` replaces a whole list
    /// and the store can tell cheaply (a database); `nil` otherwise.
    func recordCount(at path: String, schema: RecordSchema) -> Int?

    /// The whole contents of a file that is not a list (an `import` file).
    func readBytes(path: String) throws(StorageError) -> [UInt8]

    /// Replaces the file at `path` with `bytes` atomically (an `export` file).
    func writeBytes(_ bytes: [UInt8], to path: String) throws(StorageError)

    /// Whether something is at `path` that writing there would replace (a list or any other
    /// file), so `save as` and `export` can refuse to overwrite it silently.
    func exists(path: String) -> Bool

    /// Whether `path` and `other` name the same list, however spelled (`p.plist`,
    /// `./p.plist`, an absolute path, a symbolic link), so `save as` knows its own file.
    func isSameList(_ path: String, as other: String) -> Bool
}

extension ListStore {
    /// Whether there is a file at `path`, from its fingerprint; a store may answer more cheaply.
    public func exists(path: String) -> Bool {
        (try? fingerprint(path: path, known: nil)) != nil
    }

    /// Not known: the caller loads the list.
    public func changes(at path: String, schema: RecordSchema, since known: FileFingerprint) throws(StorageError)
        -> ListDelta?
    { nil }

    /// Yes: a store with permissions says so when it fails to write.
    public func mayWrite(path: String) -> Bool { true }

    /// Not known.
    public func recordCount(at path: String, schema: RecordSchema) -> Int? { nil }

    /// Whether the two locations are spelled the same; a store may know more.
    public func isSameList(_ path: String, as other: String) -> Bool { path == other }
}

extension ListStore {
    /// Reads once: the store's lists are never seen half-written.
    public func loadSettled(path: String, schema: RecordSchema?, fallback: RecordSchema) throws(StorageError)
        -> LoadedList?
    {
        try load(path: path, schema: schema, fallback: fallback)
    }

    /// Writes the whole list: a file has no cheaper way to take a few changes.
    public func save(
        _ changes: ListChanges, giving records: RecordList, schema: RecordSchema, format: FileFormat,
        to path: String, known: FileFingerprint?
    ) throws(StorageError) -> FileFingerprint {
        try save(records, schema: schema, format: format, to: path)
    }

    /// No: the default `save` writes the whole list.
    public func savesChangeSet(to path: String) -> Bool { false }
}

/// A held advisory lock; released by `release()` or when the lock is freed.
public final class FileLock {
    private var release: (() -> Void)?

    /// Creates a lock that runs `release` once when released.
    public init(release: @escaping () -> Void) {
        self.release = release
    }

    /// Releases the lock.
    public func unlock() {
        release?()
        release = nil
    }

    deinit { unlock() }
}
