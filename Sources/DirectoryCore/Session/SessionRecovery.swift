/// A session's recovery journal: where it goes, the changes it has yet to hold, and the
/// journals of sessions that ended with unsaved changes to the list.
///
/// The step runner tells it of each record a step changed (`Session+Steps`); merges and
/// `recover`, which take in another session's records, note every changed record.
struct SessionRecovery {
    /// Where a record changed since the journal was last written stands now, as far as
    /// the step that changed it knows.
    enum Place: Equatable {
        /// At this index, unless a later step moved it (checked when written).
        case at(Int)
        /// Gone from the list.
        case gone
        /// Somewhere in the list, or gone: looked up when written.
        case unknown
    }

    /// Where the journal goes; `nil` keeps none (tests, `--help`).
    var store: RecoveryStore?
    /// Records changed since the journal was last written; the last note of a record
    /// counts. An array, so that noting a change costs an append, not a hash.
    private(set) var pending: [(key: RecordKey, place: Place)] = []
    /// Whether the list's order may have changed since the journal last wrote it.
    private(set) var orderChanged = false
    /// Journals of sessions that ended with unsaved changes to this list.
    var orphans: [RecoveryOrphan] = []

    /// Whether a journal is kept, so that changes are worth noting.
    var isKept: Bool { store != nil }

    /// Whether changes are noted that the journal does not hold yet.
    var hasPending: Bool { !pending.isEmpty || orderChanged }

    /// Notes that the record `key` changed and stands at `index`.
    mutating func noteChanged(_ key: RecordKey, at index: Int) {
        if pending.last?.key == key {
            pending[pending.count - 1].place = .at(index)  // `new` then `set`: one note
        } else {
            pending.append((key, .at(index)))
        }
    }

    /// Notes that the record `key` left the list.
    mutating func noteGone(_ key: RecordKey) {
        pending.append((key, .gone))
    }

    /// Notes that the list's order changed.
    mutating func noteOrderChanged() {
        orderChanged = true
    }

    /// Notes each of `keys` as changed, wherever it is, and the order (after a merge or `recover`).
    mutating func noteEvery(_ keys: [RecordKey]) {
        for key in keys { pending.append((key, .unknown)) }
        orderChanged = true
    }

    /// Forgets what was noted: it is written, or nothing is unsaved.
    mutating func clearPending() {
        pending = []
        orderChanged = false
    }
}
