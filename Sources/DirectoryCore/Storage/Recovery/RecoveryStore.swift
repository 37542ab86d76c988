/// Where a session keeps its recovery journal, and finds those of sessions that
/// ended without saving. The session writes through this; `FileRecoveryStore`
/// keeps the files, and tests give it one in memory.
public protocol RecoveryStore: AnyObject {
    /// Adds encoded entries to this session's journal of the list at `location` (of kind
    /// `kind`), starting the journal first when there is none for that list.
    func append(_ entries: [UInt8], location: String, kind: String)

    /// As `append(_:location:kind:)`; a journal it starts keeps `witnesses`, ids of the list's
    /// saved records (`RecoveryJournal.witnesses`).
    func append(_ entries: [UInt8], location: String, kind: String, witnesses: [RecordID])

    /// Makes what was appended durable (fsync); returns a problem to report, if any.
    func sync() -> String?

    /// Whether the journal holds everything appended to it: false once a write to it failed
    /// (`sync` then reported why), so that no message says changes wait in it when they do not.
    var isKept: Bool { get }

    /// Removes this session's journal: nothing is unsaved, or it was discarded on purpose.
    func removeJournal()

    /// The journals for the list at `location` of sessions that are no longer running, oldest first.
    func orphans(of location: String) -> [RecoveryOrphan]

    /// Deletes an orphan's journal (after `recover` or `discard`).
    func remove(_ orphan: RecoveryOrphan)
}

extension RecoveryStore {
    /// `append(_:location:kind:)`, the witnesses left out (a store that does not keep them).
    public func append(_ entries: [UInt8], location: String, kind: String, witnesses: [RecordID]) {
        append(entries, location: location, kind: kind)
    }
}

/// The journal of a session that ended with unsaved changes.
public struct RecoveryOrphan: Equatable, Sendable {
    /// The journal's file name (or another name the store knows it by).
    public var name: String
    /// When it was last written, seconds since 2001.
    public var modified: Double
    /// Its contents.
    public var bytes: [UInt8]

    /// Creates an orphan.
    public init(name: String, modified: Double, bytes: [UInt8]) {
        self.name = name
        self.modified = modified
        self.bytes = bytes
    }
}
