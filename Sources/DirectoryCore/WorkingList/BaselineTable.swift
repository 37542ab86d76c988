/// The change tracker's baseline: for each record changed since the last load or save, its
/// saved version, or that the file does not have it (`.absent`, a record added).
///
/// Added records are most of what a long script changes, and they need no copy of
/// a record: their keys are kept in a `RecordKeySet` (24 bytes a slot) apart from the saved
/// versions (64 bytes a slot), and a new record's note costs one hash.
struct BaselineTable: Sequence, ExpressibleByDictionaryLiteral {
    /// Saved versions of the records changed or deleted.
    private var saved: [RecordKey: Record] = [:]
    /// Records the file does not have.
    private var added = RecordKeySet()
    /// The key `noteAdded` put in `added` last, while it is there: a script's `set` after
    /// `new` is about that record, which is then known to be added without a lookup.
    private var lastAdded: RecordKey?

    /// An empty table (`[:]`), or one with the given entries.
    init(dictionaryLiteral elements: (RecordKey, Baseline)...) {
        for (key, base) in elements { self[key] = base }
    }

    /// The record's state in the file, or `nil` when the session has not touched it.
    subscript(key: RecordKey) -> Baseline? {
        get {
            if !added.isEmpty, added.contains(key) { return .absent }
            return saved[key].map { .present($0) }
        }
        set {
            switch newValue {
            case nil:
                added.remove(key)
                saved.removeValue(forKey: key)
                if lastAdded == key { lastAdded = nil }
            case .absent:
                saved.removeValue(forKey: key)
                added.insert(key)
            case .present(let record):
                added.remove(key)
                saved[key] = record
                if lastAdded == key { lastAdded = nil }
            }
        }
    }

    /// Notes that the file does not have the record `key`, unless it is noted already.
    mutating func noteAdded(_ key: RecordKey) {
        guard saved.isEmpty || saved[key] == nil else { return }
        added.insert(key)
        lastAdded = key
    }

    /// Notes `record` as the file has it, unless its key is noted already.
    mutating func noteSaved(_ record: Record) {
        let key = record.key
        guard !isNoted(key) else { return }
        saved[key] = record
    }

    /// Notes record `index` of `records` as the file has it, unless its key is noted
    /// already: the record is made only when it is noted.
    mutating func noteSaved(at index: Int, in records: RecordList) {
        let key = records.key(at: index)
        guard !isNoted(key) else { return }
        saved[key] = records[index]
    }

    /// Whether `key` is noted, as added or with its saved version.
    @inline(__always)
    private func isNoted(_ key: RecordKey) -> Bool {
        if key == lastAdded { return true }
        if !added.isEmpty, added.contains(key) { return true }
        return !saved.isEmpty && saved[key] != nil
    }

    /// Whether no record is noted.
    var isEmpty: Bool { saved.isEmpty && added.isEmpty }

    /// How many records are noted.
    var count: Int { saved.count + added.count }

    /// How many records are noted with a saved version (changed or deleted, not added).
    var savedCount: Int { saved.count }

    /// The keys of every noted record.
    var keys: [RecordKey] { Array(saved.keys) + Array(added) }

    /// Makes room for `capacity` saved versions.
    mutating func reserveCapacity(_ capacity: Int) { saved.reserveCapacity(capacity) }

    /// Every noted record with its state: saved versions first, then added records.
    func makeIterator() -> some IteratorProtocol<(key: RecordKey, value: Baseline)> {
        var savedEntries = saved.makeIterator()
        var addedKeys = added.makeIterator()
        return AnyIterator { () -> (key: RecordKey, value: Baseline)? in
            if let (key, record) = savedEntries.next() { return (key, .present(record)) }
            return addedKeys.next().map { ($0, .absent) }
        }
    }
}

/// A record's state in the saved list (the merge base), as far as the working list knows.
enum Baseline: Equatable {
    /// The record is not in the saved list.
    case absent
    /// The record as the saved list has it.
    case present(Record)
}
