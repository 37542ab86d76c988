/// One change as `undo` or `redo` keeps it: the command, the steps that take the list
/// back (or forward again), and the current record to restore.
struct HistoryEntry: Equatable, Sendable {
    /// The command that made the change, to say what `undo` or `redo` did.
    var command: Command
    /// The steps, in the order they run.
    var steps: [ListStep]
    /// The current record's index to restore: before the change for `undo`, after it for `redo`.
    var current: Int?
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
        guard let before = Int32(exactly: current ?? -1) else { return false }
        // A switch on the command, then on the step, rather than on a tuple of both, which
        // would copy both.
        switch command {
        case .new(let name):
            guard case .remove(let indices) = step, indices.count == 1, let record = Int32(exactly: indices[0]),
                name.map({ records.hasText($0, at: indices[0], field: kind.titleField) }) ?? true
            else { return false }
            slots.append(Slot(kind: .inserted, named: name != nil, field: 0, record: record, previousCurrent: before))
            return true
        case .set(let name, let text):
            guard case .setField(let index, let field, let old) = step,
                name == kind.fields[field].name, old == kind.fields[field].defaultValue,
                records.hasText(text, at: index, field: field),
                let record = Int32(exactly: index), let fieldNumber = UInt16(exactly: field)
            else { return false }
            if defaults.isEmpty { defaults = kind.defaultValues }
            slots.append(
                Slot(kind: .setFromDefault, named: false, field: fieldNumber, record: record, previousCurrent: before))
            return true
        default:
            return false
        }
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
