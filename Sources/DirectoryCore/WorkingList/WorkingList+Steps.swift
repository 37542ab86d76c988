/// The one way the records change: every command that changes them, `undo` and `redo`,
/// and the merges that take in what other sessions saved run `ListStep`s here.
///
/// Before a step runs, the change tracker notes what the file has of the records it
/// changes; after, the change notes for the recovery journal say which records changed and
/// where they stand. The steps that reverse a change are its entry in the `UndoHistory`;
/// the history and the change notes are in this file too. `undo` and `redo`, which run an
/// entry's steps back and forth, are in `WorkingList+Undo`.
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

/// What `undo` can take back: one entry per command that changed the list, newest last.
///
/// A long script is mostly `new NAME` and `set FIELD VALUE`; kept whole, each would be a
/// `HistoryEntry` with its own command and step list (about 150 bytes and two allocations).
/// Those entries are kept as 12-byte `Slot`s instead, which name the record by position
/// and leave out what the list itself says: a `new`'s name is the record's title and a
/// `set`'s value the field's text while the entry is the newest one left (`undo` takes
/// entries back newest first, and a merge keeps the history only while the records it
/// touches are unchanged), and the value a compact `set` replaced is the field's default.
/// An entry that does not fit a slot exactly is kept whole, so `pop` gives back the very
/// entry `push` was given.
struct UndoHistory: Equatable {
    /// One entry.
    private struct Slot: Equatable {
        /// What the entry is.
        enum Kind: UInt8 {
            /// A `HistoryEntry` kept whole, at `wholes[record]`.
            case whole
            /// `new` or `new NAME`: one record inserted at `record`.
            case inserted
            /// `set FIELD VALUE` of a text field at its default value, on the record at `record`.
            case setFromDefault
        }

        var kind: Kind
        /// For `inserted`, whether the command named the record.
        var named: Bool
        /// For `setFromDefault`, the field.
        var field: UInt16
        /// The record's index, or the position in `wholes`.
        var record: Int32
        /// The current record's index before the command; -1 for none.
        var previousCurrent: Int32
    }

    /// The entries, oldest first.
    private var slots: [Slot] = []
    /// The entries kept whole.
    private var wholes: [HistoryEntry] = []
    /// The default value of each field, for `setFromDefault`; taken from the kind with
    /// the first such entry (the history is emptied whenever the kind changes).
    private var defaults: [FieldValue] = []

    /// How many entries there are.
    var count: Int { slots.count }
    /// Whether there is nothing to undo.
    var isEmpty: Bool { slots.isEmpty }
    /// How many entries are kept whole rather than as slots.
    var wholeCount: Int { wholes.count }
    /// The positions of the entries, oldest first.
    var indices: Range<Int> { slots.indices }

    /// The steps that undo the entry at `position`, in the order they run.
    subscript(position: Int) -> [ListStep] {
        let slot = slots[position]
        guard let step = step(of: slot) else { return wholes[Int(slot.record)].steps }
        return [step]
    }

    /// Adds the entry of a change, which `records` (of kind `kind`) shows as it was made.
    mutating func push(_ entry: HistoryEntry, records: RecordList, kind: ListKind) {
        if entry.steps.count == 1, push(entry.command, undoing: entry.steps[0], current: entry.current, records, kind) {
            return
        }
        pushWhole(entry)
    }

    /// Adds the entry of a change of one step, which `undoing` reverses.
    mutating func push(
        command: Command, undoing step: ListStep, current: Int?, records: RecordList, kind: ListKind
    ) {
        if push(command, undoing: step, current: current, records, kind) { return }
        pushWhole(HistoryEntry(command: command, steps: [step], current: current))
    }

    /// Adds the entry of `new`, which inserted at `index` a record titled `title`: what
    /// `push(command:undoing:…)` adds for the step that reverses it (`.remove([index])`), made
    /// only when the entry does not fit a slot. The record's title is `title`, as the step made
    /// it, so a `new` that names it so needs no look at the list.
    mutating func push(adding command: Command, title: String?, at index: Int, current: Int?) {
        if case .new(let name) = command, name == title, pushInserted(named: name != nil, at: index, current: current) {
            return
        }
        pushWhole(HistoryEntry(command: command, steps: [.remove([index])], current: current))
    }

    /// Adds the entry of a change that set field `field` of record `index` from `old` to `value`:
    /// what `push(command:undoing:…)` adds for the step that reverses it
    /// (`.setField(index:field:value: old)`), made only when the entry does not fit a slot. A
    /// `set` whose text is `value`'s left that text in the field, so the list is not looked at.
    mutating func push(
        setting command: Command, index: Int, field: Int, from old: FieldValue, to value: FieldValue, current: Int?,
        records: RecordList, kind: ListKind
    ) {
        if case .set(let name, let text) = command,
            pushSetFromDefault(
                name: name, field: field, of: index, from: old, current: current, kind: kind,
                holdsText: value == .text(text) || records.hasText(text, at: index, field: field))
        {
            return
        }
        pushWhole(
            HistoryEntry(command: command, steps: [.setField(index: index, field: field, value: old)], current: current)
        )
    }

    /// Removes the newest entry and returns it as it was pushed, reading a slot's command
    /// from the list, which is as the command left it: every later change has been undone.
    mutating func pop(records: RecordList, kind: ListKind) -> HistoryEntry? {
        guard let slot = slots.popLast() else { return nil }
        guard let step = step(of: slot) else { return wholes.removeLast() }
        let index = Int(slot.record)
        let current = slot.previousCurrent < 0 ? nil : Int(slot.previousCurrent)
        let command: Command
        switch slot.kind {
        case .inserted:
            command = .new(name: slot.named ? records.value(at: index, field: kind.titleField).text ?? "" : nil)
        default:
            let field = Int(slot.field)
            command = .set(field: kind.fields[field].name, value: records.value(at: index, field: field).text ?? "")
        }
        return HistoryEntry(command: command, steps: [step], current: current)
    }

    /// Adds an entry as a slot when it is a `new` or a `set` from the default; `false` when it does not fit one.
    private mutating func push(
        _ command: Command, undoing step: ListStep, current: Int?, _ records: RecordList, _ kind: ListKind
    ) -> Bool {
        // A switch on the command, then on the step, rather than on a tuple of both, which
        // would copy both.
        switch command {
        case .new(let name):
            guard case .remove(let indices) = step, indices.count == 1,
                name.map({ records.hasText($0, at: indices[0], field: kind.titleField) }) ?? true
            else { return false }
            return pushInserted(named: name != nil, at: indices[0], current: current)
        case .set(let name, let text):
            guard case .setField(let index, let field, let old) = step else { return false }
            return pushSetFromDefault(
                name: name, field: field, of: index, from: old, current: current, kind: kind,
                holdsText: records.hasText(text, at: index, field: field))
        default:
            return false
        }
    }

    /// Adds the slot of a `new` that inserted one record at `index`; `false` when the
    /// positions do not fit one.
    private mutating func pushInserted(named: Bool, at index: Int, current: Int?) -> Bool {
        guard let before = Int32(exactly: current ?? -1), let record = Int32(exactly: index) else { return false }
        slots.append(Slot(kind: .inserted, named: named, field: 0, record: record, previousCurrent: before))
        return true
    }

    /// Adds the slot of `set NAME …` that changed field `field` of record `index` from `old`,
    /// when `holdsText` (the field holds the command's text) and it fits one: `NAME` is the
    /// field's own name and `old` its default; `false` otherwise.
    private mutating func pushSetFromDefault(
        name: String, field: Int, of index: Int, from old: FieldValue, current: Int?, kind: ListKind,
        holdsText: @autoclosure () -> Bool
    ) -> Bool {
        guard let before = Int32(exactly: current ?? -1), name == kind.fields[field].name,
            old == kind.fields[field].defaultValue, holdsText(),
            let record = Int32(exactly: index), let fieldNumber = UInt16(exactly: field)
        else { return false }
        if defaults.isEmpty { defaults = kind.defaultValues }
        slots.append(
            Slot(kind: .setFromDefault, named: false, field: fieldNumber, record: record, previousCurrent: before))
        return true
    }

    private mutating func pushWhole(_ entry: HistoryEntry) {
        slots.append(
            Slot(
                kind: .whole, named: false, field: 0, record: Int32(truncatingIfNeeded: wholes.count),
                previousCurrent: -1))
        wholes.append(entry)
    }

    /// The step a slot stands for; `nil` for an entry kept whole.
    private func step(of slot: Slot) -> ListStep? {
        let record = Int(slot.record)
        switch slot.kind {
        case .whole: return nil
        case .inserted: return .remove([record])
        case .setFromDefault:
            return .setField(index: record, field: Int(slot.field), value: defaults[Int(slot.field)])
        }
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
