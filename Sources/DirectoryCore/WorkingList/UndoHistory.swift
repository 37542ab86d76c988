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

    /// The entries, oldest first; in chunks, since a script pushes one a line.
    private var slots = ChunkedList<Slot>()
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
    var indices: Range<Int> { 0..<slots.count }

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
