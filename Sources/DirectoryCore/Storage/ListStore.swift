/// A list read from a store, with what is needed to notice later changes to it.
public struct LoadedList: Equatable, Sendable {
    /// The kind of the records.
    public var kind: ListKind
    /// The records, in list order.
    public var records: RecordList
    /// The file's format, kept when saving; `nil` for a list that is not a file (a database).
    public var format: FileFormat?
    /// The list's version when read, or `nil` when there was none (no file, no tables).
    public var version: ListVersion?

    /// Creates a loaded list.
    public init(kind: ListKind, records: RecordList, format: FileFormat?, version: ListVersion?) {
        self.kind = kind
        self.records = records
        self.format = format
        self.version = version
    }
}

/// Where lists are read from and written to. The session talks to files and databases
/// only through this, so tests can give it a store in memory. A location is what the user
/// gave: a file path, or a database connection string; `ListStores` picks the store for it.
///
/// What passes through it is here too: a list read (`LoadedList`), its version (`ListVersion`,
/// `FileVersion`, `FileStamp`), what a save writes (`ListWrite`, `ListChanges`) and what
/// others saved (`ListDelta`).
public protocol ListStore: Sendable {
    /// Reads the list at `location`, or returns `nil` when there is none.
    ///
    /// - Parameters:
    ///   - kind: the kind to read, or `nil` to let the list's records decide.
    ///   - fallback: the kind when neither `kind` nor the records decide.
    func load(location: String, kind: ListKind?, fallback: ListKind) throws(StorageError) -> LoadedList?

    /// Reads the list at `location` for a merge, where it held a list before: as `load`, but a
    /// store whose files another program may be writing in place waits, briefly and
    /// boundedly, for an empty or half-written file to hold a list again, and never
    /// returns such a file as a list. The default reads once.
    func loadSettled(location: String, kind: ListKind?, fallback: ListKind) throws(StorageError)
        -> LoadedList?

    /// Whether a list in this store is a file or a database, for the words of messages.
    var medium: StoreMedium { get }

    /// Whether this store takes a save as the changes since the version it holds (a
    /// database, record by record) rather than as the whole list (a file). Such a store's
    /// `load` returns an empty list, never `nil`, where it holds none yet: the session's
    /// first save then sends every record as an addition.
    var writesChanges: Bool { get }

    /// Writes the list to `location`, replacing what `replacing` says, and returns the new
    /// version. When another version than the one expected is there, nothing is written and
    /// this throws `.changedMeanwhile`: the session then merges and tries again. A store that
    /// does not `writesChanges` is only ever handed the whole list.
    func write(_ list: ListWrite, to location: String, replacing: ListWrite.Replacing) throws(StorageError)
        -> ListVersion

    /// The version of the list at `location` now, or `nil` when there is none; `known` is
    /// the last one seen. A file's hash must be of the contents now: a store returns `known`
    /// without reading the file only when the file's status proves the contents are `known`'s
    /// (`FileStamp`), never because size and modification time match.
    func version(at location: String, known: ListVersion?) throws(StorageError) -> ListVersion?

    /// Why programs that rewrite the list at `location` in place (not by writing a new file and
    /// renaming it over) are not kept from writing into the version a save replaces, in words
    /// that end a sentence; `nil` when they are, or when the store has no such writers.
    func unprotectedWriters(location: String) -> String?

    /// Takes the advisory lock that keeps two saves of `location` from interleaving;
    /// it is held until the returned lock is released.
    func lock(location: String) throws(StorageError) -> ListLock

    /// Takes that lock if no one holds it now; `nil` when the caller would have to wait. A
    /// store whose lock never waits takes it (the default).
    func lockIfFree(location: String) throws(StorageError) -> ListLock?

    /// Throws when the list at `location` is a read-only file, which a plain `save` must not
    /// replace (`save!` does not ask). The default, for stores without permissions, accepts all.
    func refuseReadOnly(location: String) throws(StorageError)

    /// What others saved to the list at `location` since `known`, read without reading the
    /// whole list, or `nil` when the store cannot tell (the caller then loads the list): a
    /// merge then costs what changed, not the list's size.
    func changes(at location: String, kind: ListKind, since known: ListVersion) throws(StorageError)
        -> ListDelta?

    /// Whether this user may write the list at `location`; a database reader may not. Asked
    /// only to word a message (a conflict), never instead of trying.
    func mayWrite(location: String) -> Bool

    /// How many records the list at `location` holds now, when `save! as` replaces a whole
    /// list and the store can tell cheaply (a database); `nil` otherwise.
    func recordCount(at location: String, kind: ListKind) -> Int?

    /// The whole contents of a file that is not a list (an `import` file).
    func readBytes(path: String) throws(StorageError) -> [UInt8]

    /// The whole contents of a file that is not a list (an `import` file), as `readBytes(path:)`
    /// reads them, except that a read waiting for a stream's writer (a FIFO's, a device's) stops
    /// when `interruption` is asked for (Ctrl-C at the prompt): then it returns what it read,
    /// which the caller, asking `interruption` again, throws away. A store whose reads never
    /// wait so has it read as `readBytes(path:)`.
    func readBytes(path: String, stoppingWhen interruption: Interruption?) throws(StorageError) -> [UInt8]

    /// Replaces the file at `path` with `bytes` atomically (an `export` file).
    func writeBytes(_ bytes: [UInt8], to path: String) throws(StorageError)

    /// Whether something is at `location` that writing there would replace (a list or any
    /// other file), so `save as` and `export` can refuse to overwrite it silently.
    func exists(location: String) -> Bool

    /// What is at `location`, in words that follow "it is" ("a FIFO (named pipe)"), when it is
    /// there but is no regular file: a device, a FIFO, a socket, a folder, a standard stream.
    /// `export` and `save as` never put a new file in its place. `nil` for a free path, a
    /// regular file, or a store without such things.
    func notAFile(location: String) -> String?

    /// The folder a new file at `location` would be written in, when that folder does not
    /// exist (`nonexist` for `nonexist/x.plist`), so that opening a new file says at once that
    /// `save` would fail. `nil` when it exists, cannot be looked up, or the store has no folders.
    func missingFolder(of location: String) -> String?

    /// Whether `location` and `other` name the same list, however spelled (`p.plist`,
    /// `./p.plist`, an absolute path, a symbolic link), so `save as` knows its own file.
    func isSameList(_ location: String, as other: String) -> Bool

    /// What names the list at `location` (open in this store) for its recovery journal: for a
    /// database the server, port, database and schema the connection reached, however the
    /// location and the environment spelled them. The default is `location` itself (a file's
    /// journal is named by the file's real path).
    func journalIdentity(location: String) -> String
}

extension ListStore {
    /// `location` itself.
    public func journalIdentity(location: String) -> String { location }

    /// Whether there is a list at `location`, from its version; a store may answer more cheaply.
    public func exists(location: String) -> Bool {
        (try? version(at: location, known: nil)) != nil
    }

    /// Takes the lock (`lock(location:)`): a store that never waits for it.
    public func lockIfFree(location: String) throws(StorageError) -> ListLock? {
        try lock(location: location)
    }

    /// Not known: the caller loads the list.
    public func changes(at location: String, kind: ListKind, since known: ListVersion) throws(StorageError)
        -> ListDelta?
    { nil }

    /// Yes: a store with permissions says so when it fails to write.
    public func mayWrite(location: String) -> Bool { true }

    /// None: the store's lists are not written in place by other programs.
    public func unprotectedWriters(location: String) -> String? { nil }

    /// Nothing: the store holds only lists.
    public func notAFile(location: String) -> String? { nil }

    /// As `readBytes(path:)`: the store's reads never wait for a writer.
    public func readBytes(path: String, stoppingWhen interruption: Interruption?) throws(StorageError) -> [UInt8] {
        try readBytes(path: path)
    }

    /// None: the store has no folders.
    public func missingFolder(of location: String) -> String? { nil }

    /// Not known.
    public func recordCount(at location: String, kind: ListKind) -> Int? { nil }

    /// Whether the two locations are spelled the same; a store may know more.
    public func isSameList(_ location: String, as other: String) -> Bool { location == other }

    /// Accepts every location: nothing in such a store (in memory, a database) is read-only.
    public func refuseReadOnly(location: String) throws(StorageError) {}

    /// No: the store is handed the whole list.
    public var writesChanges: Bool { false }

    /// Reads once: the store's lists are never seen half-written.
    public func loadSettled(location: String, kind: ListKind?, fallback: ListKind) throws(StorageError)
        -> LoadedList?
    {
        try load(location: location, kind: kind, fallback: fallback)
    }
}

/// What a save hands a store: the whole list, or only what changed since the version the
/// store holds (`ListStore.writesChanges`).
public enum ListWrite: Sendable {
    /// The records as a whole, in `format` when the store keeps files.
    case whole(RecordList, kind: ListKind, format: FileFormat)
    /// The records added, changed and deleted, and the new order if it changed.
    case changes(ListChanges, kind: ListKind)

    /// What a write may replace.
    public enum Replacing: Sendable {
        /// Whatever is there (`save as`, `save!` over a file that holds no list).
        case anything
        /// Only this version, the one the session's merge read; `nil`: only no list at all.
        case version(ListVersion?)
    }
}

/// What a store keeps a list as, for the words of messages ("the list's own file",
/// "the database has no directory tables yet").
public enum StoreMedium: String, Sendable {
    /// A file the apps read and write.
    case file
    /// A database's tables.
    case database

    /// What messages call the place the list is kept: "the file" or "the database". Every
    /// message asks the store that keeps the list (`ListStore.medium`), never the location's spelling.
    public var place: String { "the \(rawValue)" }
}

/// A held lock on a list's saves (a file store's `flock` on the folder; nothing for a database,
/// whose saves are kept apart by versions); released by `unlock()` or when the lock is freed.
public final class ListLock {
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

/// Which version of a list a session last read or wrote, to tell whether someone else
/// saved it since. A file and a database each fill it in their own way.
public enum ListVersion: Equatable, Sendable {
    /// A file's size, modification time and content hash.
    case file(FileVersion)
    /// A count kept beside the list and bumped by every save (a database's version counter).
    case counter(Int64)

    /// Whether two versions hold the same contents: for files, the same size and hash (the
    /// modification time is not trusted); for counters, the same count.
    public func sameContents(as other: ListVersion) -> Bool {
        switch (self, other) {
        case (.file(let file), .file(let otherFile)): return file.sameContents(as: otherFile)
        case (.counter(let count), .counter(let otherCount)): return count == otherCount
        default: return false
        }
    }
}

/// A file's version: its size, modification time and content hash, to tell whether
/// another program changed it since it was read.
public struct FileVersion: Equatable, Sendable {
    /// Size in bytes.
    public var size: Int
    /// Modification time, nanoseconds since 1970.
    public var modified: Int64
    /// The file's `ContentHash`.
    public var hash: UInt64
    /// The file's status when it was known to hold these contents, kept only when that status
    /// proves them (`FileStamp`): the same status later means the same contents, with no need
    /// to read and hash the file again. `nil` when it cannot prove them: the file is hashed.
    public var stamp: FileStamp?

    /// Creates a file version.
    public init(size: Int, modified: Int64, hash: UInt64, stamp: FileStamp? = nil) {
        self.size = size
        self.modified = modified
        self.hash = hash
        self.stamp = stamp
    }

    /// Whether two versions describe the same contents: the same size and the same hash.
    /// The modification time is not trusted: a coarse clock or `touch -r` keeps it.
    public func sameContents(as other: FileVersion) -> Bool {
        size == other.size && hash == other.hash
    }

    /// The same size, time and hash: the same version, however it was learnt (with a stamp or not).
    public static func == (first: FileVersion, second: FileVersion) -> Bool {
        first.size == second.size && first.modified == second.modified && first.hash == second.hash
    }
}

/// A file's status that proves its contents: which file it is (device and inode) and its
/// size, modification time and change time (ns), taken while the file held known contents.
///
/// The kernel sets the change time to the clock's time at every change of a file, and nothing
/// can set it back; so once the clock has moved past the stamp's times, any later change shows
/// as another change time (or another inode, for a file renamed in). A stamp is made only when
/// that holds: the file's times were older than the file system's clock at a moment after
/// which any change would show (`docs/safety.md`, git's "racy" rule); a stat taken within the
/// same tick as the file's last change proves nothing and is not kept.
public struct FileStamp: Equatable, Sendable {
    /// The device the file is on.
    public var device: UInt64
    /// The file's inode number.
    public var inode: UInt64
    /// Size in bytes.
    public var size: Int
    /// Modification time, nanoseconds since 1970.
    public var modified: Int64
    /// Change time (of contents or status), nanoseconds since 1970.
    public var changed: Int64

    /// Creates a stamp.
    public init(device: UInt64, inode: UInt64, size: Int, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }
}

/// What a save changes compared with the saved list: the records added (with the
/// record each follows, to keep the order), changed and deleted. A store that can
/// write records one at a time (a database) sends only these; a file store writes
/// the whole list.
public struct ListChanges: Equatable, Sendable {
    /// A record new to the saved list and the id of the record just before it in the
    /// session's list (`nil` when it comes first).
    public struct Addition: Equatable, Sendable {
        /// The new record.
        public var record: Record
        /// The record it follows.
        public var after: RecordID?

        /// Creates an addition.
        public init(record: Record, after: RecordID?) {
            self.record = record
            self.after = after
        }
    }

    /// Records to add, in list order.
    public var added: [Addition]
    /// Records whose values or unknown keys changed, as they are now.
    public var changed: [Record]
    /// Ids of records to delete.
    public var deleted: [RecordID]
    /// Every record's id in list order, when this session reordered the list (`move`,
    /// `sort`, `editor`); `nil` when the order is the saved one plus the additions.
    public var order: [RecordID]?

    /// Creates a change set.
    public init(added: [Addition] = [], changed: [Record] = [], deleted: [RecordID] = [], order: [RecordID]? = nil) {
        self.added = added
        self.changed = changed
        self.deleted = deleted
        self.order = order
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { added.isEmpty && changed.isEmpty && deleted.isEmpty && order == nil }
}

/// What others saved to a list since a known version, as a store that tracks each write
/// can tell it without reading the whole list (a database): the rows written since, in
/// list order with the row each follows, and the ids deleted since.
public struct ListDelta: Equatable, Sendable {
    /// A record added or changed since, and the id of the record before it in the list (`nil`: first).
    public struct Row: Equatable, Sendable {
        /// The record as saved now.
        public var record: Record
        /// The record it follows in the list's order.
        public var after: RecordID?

        /// Creates a row.
        public init(record: Record, after: RecordID?) {
            self.record = record
            self.after = after
        }
    }

    /// The records written since, in list order.
    public var rows: [Row]
    /// The ids of records deleted since (and not written again).
    public var deleted: [RecordID]
    /// The list's version now.
    public var version: ListVersion

    /// At most this many rows are merged from a delta; a store need not read more, and a
    /// bigger change reads the whole list.
    public static var mergeLimit: Int { 10_000 }

    /// Creates a delta.
    public init(rows: [Row], deleted: [RecordID], version: ListVersion) {
        self.rows = rows
        self.deleted = deleted
        self.version = version
    }
}
