/// The records changed since the recovery journal was last written: the step runner notes
/// each record a step changed (`WorkingList+Steps`), and merges and `recover`, which take in
/// another version's records, note every changed record. `Session` writes them to the journal.
///
/// Notes are taken only while a journal is kept (`isOn`), so a session without one pays nothing.
struct ChangeNotes {
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

    /// Whether changes are noted: a recovery journal is kept.
    var isOn = false
    /// Records changed since the journal was last written; the last note of a record
    /// counts. An array, so that noting a change costs an append, not a hash; each place
    /// kept as one `Int` (`Place.packed`), so a long script's notes take 32 bytes each, not 40.
    private var notes: [(key: RecordKey, place: Int)] = []
    /// Whether the list's order may have changed since the journal last wrote it.
    private(set) var orderChanged = false
    /// Whether changes are noted that the journal does not hold yet.
    var hasPending: Bool { !notes.isEmpty || orderChanged }

    /// The records changed since the journal was last written, oldest note first.
    var pending: some Sequence<(key: RecordKey, place: Place)> {
        notes.lazy.map { ($0.key, Place(packed: $0.place)) }
    }

    /// Notes that the record `key` changed and stands at `index`.
    mutating func noteChanged(_ key: RecordKey, at index: Int) {
        if notes.last?.key == key {
            notes[notes.count - 1].place = index  // `new` then `set`: one note
        } else {
            notes.append((key, index))
        }
    }

    /// Notes that the record `key` left the list.
    mutating func noteGone(_ key: RecordKey) {
        notes.append((key, Place.gone.packed))
    }

    /// Notes that the list's order changed.
    mutating func noteOrderChanged() {
        orderChanged = true
    }

    /// Notes each of `keys` as changed, wherever it is, and the order (after a merge or `recover`).
    mutating func noteEvery(_ keys: [RecordKey]) {
        for key in keys { notes.append((key, Place.unknown.packed)) }
        orderChanged = true
    }

    /// Forgets what was noted: it is written, or nothing is unsaved.
    mutating func clearPending() {
        notes = []
        orderChanged = false
    }
}

extension ChangeNotes.Place {
    /// The place as one `Int`: an index, or a negative number for `gone` and `unknown`.
    fileprivate var packed: Int {
        switch self {
        case .at(let index): return index
        case .gone: return -1
        case .unknown: return -2
        }
    }

    fileprivate init(packed: Int) {
        switch packed {
        case -1: self = .gone
        case ..<0: self = .unknown
        default: self = .at(packed)
        }
    }
}
