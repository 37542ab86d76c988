/// The one way the records change: every command that changes them, `undo` and `redo`,
/// and the merges that take in what other sessions saved run `ListStep`s here.
///
/// Before a step runs, the change tracker notes what the file has of the records it
/// changes; after, the change notes for the recovery journal say which records changed and
/// where they stand. The steps that reverse a change are its entry in the `UndoHistory`
/// (`UndoHistory.swift`); the change notes are in this file too. `undo` and `redo`, which run
/// an entry's steps back and forth, are in `WorkingList+Undo`.
extension WorkingList {
    /// Runs `steps` as one change made by `command`: one undo entry, so one `undo` takes it all back.
    mutating func change(_ steps: [ListStep], by command: Command) {
        let before = current
        let undoing = run(steps)
        tracker.recordChange(
            HistoryEntry(command: command, steps: undoing, current: before), records: records, kind: kind)
    }

    /// Runs one step as the change made by `command` (most commands are one step).
    mutating func change(_ step: ListStep, by command: Command) {
        let before = current
        let undoing = run(step)
        tracker.recordChange(command, undoing: undoing, current: before, records: records, kind: kind)
    }

    /// `new`'s change: inserts at the end the record `.insertNew(id:title:at:)` makes, as
    /// `change(_:by:)` runs that step, without making the step or the one that reverses it
    /// (an array) when the undo history keeps the entry as a slot: a script's `new` is most of its work.
    mutating func changeByAdding(id: RecordID, title: String?, by command: Command) {
        let before = current
        let index = records.count
        tracker.noteAdded(RecordKey(id: id))
        insertNew(id: id, title: title, at: index, journaled: notes.isOn)
        tracker.recordAddition(command, title: title, at: index, current: before)
    }

    /// Sets field `field` of record `index` to `value` as the change `command` makes, as
    /// `change(_:by:)` runs `.setField(index:field:value:)`, without making the steps.
    mutating func change(field: Int, of index: Int, to value: FieldValue, command: Command) {
        let before = current
        tracker.noteSaved(at: index, in: records)
        let old = setField(field, of: index, to: value, journaled: notes.isOn)
        tracker.recordFieldChange(
            command, index: index, field: field, from: old, to: value, current: before, records: records, kind: kind)
    }

    /// Runs steps that take in records another session saved (a merge, `recover`): they are
    /// not this session's edits, so the caller sets their merge base and `undo` skips them.
    mutating func takeIn(_ steps: [ListStep]) {
        for step in steps { run(step, noting: false) }
    }

    /// Runs `steps` in order; returns the steps that reverse them all, in the order to run them
    /// (a change's, and `undo`'s and `redo`'s, in `WorkingList+Undo`).
    mutating func run(_ steps: [ListStep]) -> [ListStep] {
        var reversing: [ListStep] = []
        reversing.reserveCapacity(steps.count)
        for step in steps { reversing.append(run(step)) }
        return reversing.reversed()
    }

    /// Runs one step, keeping `current` on the same record; returns the step that reverses it.
    /// With `noting`, the change tracker first notes the saved version of what it changes.
    @discardableResult
    private mutating func run(_ step: ListStep, noting: Bool = true) -> ListStep {
        if noting { tracker.note(before: step, in: records) }
        let journaled = notes.isOn
        switch step {
        case .insert(let record, let index):
            insert(record, at: index)
            if journaled { notes.noteChanged(record.key, at: index) }
            return .remove([index])
        case .insertNew(let id, let title, let index):
            insertNew(id: id, title: title, at: index, journaled: journaled)
            return .remove([index])
        case .insertAll(let placed):
            for item in placed {
                insert(item.record, at: item.index)
                if journaled { notes.noteChanged(item.record.key, at: item.index) }
            }
            return .remove(placed.map(\.index))
        case .remove(let indices):
            var removed: [PlacedRecord] = []
            removed.reserveCapacity(indices.count)
            for index in indices { removed.append(PlacedRecord(index: index, record: records[index])) }
            remove(removed)
            if journaled { for item in removed { notes.noteGone(item.record.key) } }
            return .insertAll(removed)
        case .setField(let index, let field, let value):
            return .setField(
                index: index, field: field, value: setField(field, of: index, to: value, journaled: journaled))
        case .replace(let index, let record):
            let old = records[index]
            records[index] = record
            if journaled { notes.noteChanged(record.key, at: index) }
            return .replace(index: index, record: old)
        case .move(let from, let to):
            move(from: from, to: to)
            if journaled { notes.noteOrderChanged() }
            return .move(from: to, to: from)
        case .reorder(let order):
            reorder(order)
            if journaled { notes.noteOrderChanged() }
            var inverse = [Int](repeating: 0, count: order.count)
            for (position, old) in order.enumerated() { inverse[old] = position }
            return .reorder(inverse)
        case .replaceAll(let list):
            let old = records
            let currentKey = current.map { records.key(at: $0) }
            records = list
            current = currentKey.flatMap { key in records.index(of: key) }
            if journaled { notes.noteOrderChanged() }
            return .replaceAll(old)
        }
    }

    /// Inserts at `index` the record `new` makes (`ListStep.insertNew`): at the end of the
    /// list it goes into the growing table.
    private mutating func insertNew(id: RecordID, title: String?, at index: Int, journaled: Bool) {
        if index == records.count {
            records.appendNew(id: id, title: title, kind: kind)
        } else {
            var values = kind.defaultValues
            if let title { values[kind.titleField] = .text(title) }
            insert(Record(id: id, values: values), at: index)
        }
        if journaled { notes.noteChanged(RecordKey(id: id), at: index) }
    }

    /// Sets field `field` of record `index` to `value` (`ListStep.setField`); returns the value it had.
    private mutating func setField(_ field: Int, of index: Int, to value: FieldValue, journaled: Bool) -> FieldValue {
        let old = records.exchangeValue(at: index, field: field, with: value)
        if journaled { notes.noteChanged(records.key(at: index), at: index) }
        return old
    }

    private mutating func insert(_ record: Record, at index: Int) {
        if index == records.count {
            records.append(record)
        } else {
            records.insert(record, at: index)
        }
        if let at = current, at >= index { current = at + 1 }
    }

    /// Removes records (ascending indices).
    private mutating func remove(_ removed: [PlacedRecord]) {
        var gone = Set<Int>()
        for entry in removed { gone.insert(entry.index) }
        if let index = current {
            current = gone.contains(index) ? nil : index - removed.lazy.filter { $0.index < index }.count
        }
        if removed.count == 1 {
            records.remove(at: removed[0].index)
        } else {
            records.remove(at: gone)
        }
    }

    private mutating func move(from: Int, to: Int) {
        records.move(from: from, to: to)
        if let at = current {
            if at == from {
                current = to
            } else if from < at, at <= to {
                current = at - 1
            } else if to <= at, at < from {
                current = at + 1
            }
        }
    }

    /// Puts the records in `order` (position `i` gets the record at `order[i]`).
    private mutating func reorder(_ order: [Int]) {
        records.reorder(order)
        if let at = current { current = order.firstIndex(of: at) }
    }
}

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
    /// counts. A list, so that noting a change costs an append, not a hash, in chunks, so that
    /// a long script's notes are never copied as they grow; each place kept as one `Int`
    /// (`Place.packed`), so that they take 32 bytes each, not 40.
    private var notes = ChunkedList<(key: RecordKey, place: Int)>()
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
            notes.replaceLast(with: (key, index))  // `new` then `set`: one note
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
        notes.removeAll()
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
