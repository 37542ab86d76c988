/// One record's unsaved state, as a recovery journal keeps it: enough to replay the
/// change onto the list as it is later, with the same three-way merge as `save`.
///
/// A later entry for the same record replaces an earlier one, so a journal cut
/// short still holds a consistent, older state of every record it reached.
public struct RecoveryEntry: Equatable, Sendable {
    /// Which record.
    public var key: RecordKey
    /// The record as the file had it, or `nil` when it was not in the file (added).
    public var saved: Record?
    /// The record as the session had it, or `nil` when the session deleted it.
    public var now: Record?
    /// Its index in the session's list (for the order of added records); -1 when deleted.
    public var position: Int

    /// Creates an entry.
    public init(key: RecordKey, saved: Record?, now: Record?, position: Int) {
        self.key = key
        self.saved = saved
        self.now = now
        self.position = position
    }

    /// Whether the entry changes anything: added, deleted, or different from the saved version.
    public var isChange: Bool {
        switch (saved, now) {
        case (nil, nil): return false
        case (let saved?, let now?): return saved.values != now.values || saved.extras != now.extras
        default: return true
        }
    }
}
