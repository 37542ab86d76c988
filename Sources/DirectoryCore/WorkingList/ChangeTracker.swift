/// What the session knows of its changes since the list was last loaded or saved: the
/// saved version of every record they touched, the file's order, and what `undo` and
/// `redo` can take back or make again.
///
/// The working list's step runner (`WorkingList+Steps`) tells it of every step before the step
/// runs, so `changes`, `save`, merges and recovery all learn what changed from one place.
/// In this file with it: its `BaselineTable`; what differs from the saved list, worked out
/// from the baseline (`hasUnsavedChanges`, and `listChanges`, what a database is sent); and
/// `WorkingList.markSaved`, which empties the baseline after a save. Its undo history is
/// with the runner of steps (`WorkingList+Steps`), which makes the entries.
struct ChangeTracker {
    /// The saved version of each record changed since the last save or load.
    private(set) var baseline: BaselineTable = [:]
    /// The keys of the records in the file, in the file's order (the ones deleted since
    /// included), taken at the first reorder since the last load or save; `nil` while the
    /// order is untouched.
    private(set) var savedOrder: [RecordKey]?
    /// Where the records deleted before that stood in the file, while `savedOrder` is `nil`.
    private(set) var deletedPlaces = DeletedPlaces()
    /// What `undo` takes back, newest last.
    private(set) var undo = UndoHistory()
    /// What `undo` took back, newest last, for `redo`; emptied by any new change.
    private(set) var redo: [HistoryEntry] = []
    /// Whether a merge with what another session saved emptied the undo history, and no
    /// change came since: `undo` then says why there is nothing to undo.
    private(set) var undoClearedByMerge = false
    /// Counts the changes to the undo history, so that `apply` can tell whether a
    /// command changed the list (autosave).
    private(set) var revision = 0

    /// Notes what the file has of the records `step` is about to change in `records`: their
    /// saved versions, that the file lacks the ones it inserts, and the file's order.
    mutating func note(before step: ListStep, in records: RecordList) {
        switch step {
        case .insert(let record, _):
            baseline.noteAdded(record.key)
            deletedPlaces.restore(record.key)
        case .insertNew(let id, _, _):
            noteAdded(RecordKey(id: id))
        case .insertAll(let placed):
            for item in placed {
                baseline.noteAdded(item.record.key)
                deletedPlaces.restore(item.record.key)
            }
        case .remove(let indices):
            for index in indices { baseline.noteSaved(at: index, in: records) }
            if savedOrder == nil { deletedPlaces.note(removing: indices, from: records, baseline: baseline) }
        case .setField(let index, _, _), .replace(let index, _):
            noteSaved(at: index, in: records)
        case .move, .reorder, .replaceAll:
            rememberSavedOrder(of: records)
        }
    }

    /// Notes that the file lacks the record `key` about to be inserted (`note(before:)` of `.insertNew`).
    @inline(__always)
    mutating func noteAdded(_ key: RecordKey) {
        baseline.noteAdded(key)
    }

    /// Notes what the file has of record `index` of `records`, about to change (`note(before:)`
    /// of `.setField`).
    @inline(__always)
    mutating func noteSaved(at index: Int, in records: RecordList) {
        baseline.noteSaved(at: index, in: records)
    }

    /// Notes the file's order before the first reorder since the last load or save: the
    /// records in the file keep their relative order until then (additions are appended,
    /// deletions and their undo keep places), and the deleted ones go back where they stood.
    mutating func rememberSavedOrder(of records: RecordList) {
        guard savedOrder == nil else { return }
        savedOrder = deletedPlaces.order(with: records.keys.filter { baseline[$0] != .absent })
        deletedPlaces = DeletedPlaces()
    }

    /// Notes where the records `keys` stood in `file` (the list as read from the file), which
    /// a replayed recovery journal deleted: the order taken at the first reorder counts them.
    mutating func notePlaces(ofDeleted keys: Set<RecordKey>, in file: RecordList) {
        guard savedOrder == nil else { return }
        deletedPlaces.note(keys, placedIn: file)
    }

    /// Adds the undo entry of a new change (not a `redo`): what could be redone is forgotten.
    mutating func recordChange(_ entry: HistoryEntry, records: RecordList, kind: ListKind) {
        redo = []
        pushUndo(entry, records: records, kind: kind)
    }

    /// Adds the undo entry of a new change of one step, which `undoing` reverses.
    mutating func recordChange(
        _ command: Command, undoing step: ListStep, current: Int?, records: RecordList, kind: ListKind
    ) {
        if !redo.isEmpty { redo = [] }
        undo.push(command: command, undoing: step, current: current, records: records, kind: kind)
        undoClearedByMerge = false
        revision += 1
    }

    /// Adds the undo entry of `new`, which inserted at `index` a record titled `title`, as
    /// `recordChange(_:undoing:…)` adds it for the step that reverses it (`.remove([index])`).
    mutating func recordAddition(_ command: Command, title: String?, at index: Int, current: Int?) {
        if !redo.isEmpty { redo = [] }
        undo.push(adding: command, title: title, at: index, current: current)
        undoClearedByMerge = false
        revision += 1
    }

    /// Adds the undo entry of a change that set field `field` of record `index` from `old` to
    /// `value`, as `recordChange(_:undoing:…)` adds it for the step that reverses it
    /// (`.setField(index:field:value: old)`); `records` as the change left them.
    mutating func recordFieldChange(
        _ command: Command, index: Int, field: Int, from old: FieldValue, to value: FieldValue, current: Int?,
        records: RecordList, kind: ListKind
    ) {
        if !redo.isEmpty { redo = [] }
        undo.push(
            setting: command, index: index, field: field, from: old, to: value, current: current, records: records,
            kind: kind)
        undoClearedByMerge = false
        revision += 1
    }

    /// Adds an undo entry (`redo` keeps what else could be redone).
    mutating func pushUndo(_ entry: HistoryEntry, records: RecordList, kind: ListKind) {
        undo.push(entry, records: records, kind: kind)
        undoClearedByMerge = false
        revision += 1
    }

    /// Takes the newest undo entry; `records` as the change left it.
    mutating func popUndo(records: RecordList, kind: ListKind) -> HistoryEntry? {
        guard let entry = undo.pop(records: records, kind: kind) else { return nil }
        revision += 1
        return entry
    }

    /// Keeps what `undo` took back, for `redo`.
    mutating func pushRedo(_ entry: HistoryEntry) { redo.append(entry) }

    /// Takes what the last `undo` took back.
    mutating func popRedo() -> HistoryEntry? { redo.popLast() }

    /// Forgets what could be redone: its steps no longer fit the list.
    mutating func forgetRedo() { redo = [] }

    /// Empties the undo history, because a merge changed the records it names.
    mutating func clearUndoAfterMerge() {
        guard !undo.isEmpty else { return }
        undo = UndoHistory()
        undoClearedByMerge = true
        revision += 1
    }

    /// Forgets every change: the list was just loaded.
    mutating func reset() {
        let revision = undo.isEmpty ? revision : revision + 1
        self = ChangeTracker()
        self.revision = revision
    }

    /// The list as it is now is what the file holds (after a save).
    mutating func markSaved() {
        baseline = [:]
        savedOrder = nil
        deletedPlaces = DeletedPlaces()
    }

    /// Sets the merge base of the record `key` (a merge or a recovery says it).
    mutating func setBase(_ base: Baseline?, for key: RecordKey) {
        baseline[key] = base
    }

    /// Makes `theirs`, the list as read now, the merge base: each record this session
    /// touched gets its version there (or absent, when it lacks it), and its order is the file's.
    mutating func rebase(on theirs: RecordList) {
        var rebased: BaselineTable = [:]
        rebased.reserveCapacity(baseline.count)
        for key in baseline.keys { rebased[key] = .absent }
        for record in theirs where rebased[record.key] != nil { rebased[record.key] = .present(record) }
        baseline = rebased
        if savedOrder != nil { savedOrder = theirs.keys } else { deletedPlaces.rebase(on: theirs) }
    }
}

/// After a save, the change tracker empties the baseline.
extension WorkingList {
    /// After a save: the list as it is now is what the store holds, and records that share
    /// an id are numbered again in the order just written.
    mutating func markSaved() {
        tracker.markSaved()
        guard !repeatedIDs.isEmpty || records.hasNumberedRecords else { return }
        repeatedIDs = RecordKey.numberOccurrences(in: &records)
    }
}

/// The change tracker's baseline: for each record changed since the last load or save, its
/// saved version, or that the file does not have it (`.absent`, a record added).
///
/// Added records are most of what a long script changes, and they need no copy of
/// a record: their keys are kept in `AddedKeys` apart from the saved versions (a
/// `RecordKeyMap`), and a new record's note costs an append (hashed only once asked about).
struct BaselineTable: Sequence, ExpressibleByDictionaryLiteral {
    /// Saved versions of the records changed or deleted.
    private var saved = RecordKeyMap<Record>()
    /// Records the file does not have.
    private var added = AddedKeys()
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

    /// Whether a record is noted as added.
    var hasAdded: Bool { !added.isEmpty }

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

/// What differs from the saved list: the unsaved marker, the quit guard, and the change set
/// a store that writes record by record is sent.
///
/// Both go over the records the list keeps whole and the rows of its growing table
/// (`RecordList.keysKeptWhole`), not over the list: a record the baseline names is one of
/// those while it is in the list (a step that changes a record keeps it whole, one that adds
/// a record keeps it whole or in the growing table, and only loading makes table rows), so
/// a record the baseline names that is not among them was deleted. An edit and a save cost
/// what changed, however long the list.
extension WorkingList {
    /// Whether anything differs from the saved list: a record added, deleted or changed, or the order.
    ///
    /// Stops at the first difference, looking at the latest records kept whole first,
    /// where new records are.
    public var hasUnsavedChanges: Bool {
        if isReordered { return true }
        let baseline = tracker.baseline
        guard !baseline.isEmpty else { return false }
        var matched = 0
        for (index, key) in records.keysKeptWhole {
            switch baseline[key] {
            case nil: continue
            case .absent: return true
            case .present(let saved):
                let record = records[index]
                // Keys kept for other apps count: a merged copy may have changed only them (found trying it).
                if saved.values != record.values || saved.extras != record.extras { return true }
                matched += 1
            }
        }
        return baseline.savedCount > matched
    }

    /// Whether nothing is unsaved by the tracker's own account (no record noted, the saved
    /// order kept): the recovery journal can go.
    var isSaved: Bool {
        tracker.baseline.isEmpty && (tracker.savedOrder == nil || !isReordered)
    }

    /// The records added, changed and deleted since the last load or save, from the baseline:
    /// additions in list order, changed records from the end of the list back.
    public var listChanges: ListChanges {
        var changes = ListChanges()
        let baseline = tracker.baseline
        if isReordered { changes.order = records.indices.map(records.id(at:)) }
        guard !baseline.isEmpty else { return changes }
        var found = Set<RecordKey>()
        found.reserveCapacity(baseline.count)
        var additions: [(index: Int, record: Record)] = []
        var changed: [(index: Int, record: Record)] = []
        for (index, key) in records.keysKeptWhole {
            // By key first: records are made and compared only for the few the baseline names.
            guard let base = baseline[key] else { continue }
            found.insert(key)
            switch base {
            case .absent: additions.append((index, records[index]))
            case .present(let saved):
                let record = records[index]
                if saved != record { changed.append((index, record)) }
            }
        }
        changes.added = additions.sorted { $0.index < $1.index }.map { item in
            .init(record: item.record, after: item.index > 0 ? records.id(at: item.index - 1) : nil)
        }
        changes.changed = changed.sorted { $0.index > $1.index }.map(\.record)
        for case (let key, .present) in baseline where !found.contains(key) { changes.deleted.append(key.id) }
        return changes
    }
}
