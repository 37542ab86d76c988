/// The undo journal: one entry per command that changed the list, newest last,
/// each the list of `Edit`s that `undo` reverses.
///
/// A long script is mostly `new NAME` and `set FIELD VALUE`; kept whole, each would be a
/// `JournalEntry` with its own command and edit list (about 150 bytes and two allocations).
/// Those entries are kept as 12-byte `Slot`s instead, which name the record by position
/// and leave out what the list itself says: a `new`'s name is the record's title and a
/// `set`'s value the field's text while the entry is the newest one left (`undo` takes
/// entries back newest first, and a merge keeps the journal only while the records it
/// touches are unchanged), and the value a compact `set` replaced is the field's default.
/// An entry that does not fit a slot exactly is kept whole, so every entry reads back,
/// through `Session.popJournalEntry()`, as the very entry that was added.
struct UndoJournal: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable {
    /// One entry.
    struct Slot: Equatable {
        /// What the entry is.
        enum Kind: UInt8 {
            /// A `JournalEntry` kept whole, at `wholes[record]`.
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
    private(set) var slots: [Slot] = []
    /// The entries kept whole.
    private(set) var wholes: [JournalEntry] = []

    /// An empty journal (`[]`), or one of the given entries kept whole.
    init(arrayLiteral entries: JournalEntry...) {
        for entry in entries { append(entry) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { slots.count }

    /// The edits of the entry at `position`, in the order they were made.
    subscript(position: Int) -> [Edit] {
        edits(of: slots[position])
    }

    /// For an entry kept as a slot (`new`, `set`): the index of the one record it changed.
    func recordChanged(at position: Int) -> Int? {
        let slot = slots[position]
        return slot.kind == .whole ? nil : Int(slot.record)
    }

    /// The edits a slot stands for.
    private func edits(of slot: Slot) -> [Edit] {
        let record = Int(slot.record)
        switch slot.kind {
        case .whole: return wholes[record].edits
        case .inserted: return [.inserted(index: record)]
        case .setFromDefault:
            return [.fieldChanged(index: record, field: Int(slot.field), old: defaults[Int(slot.field)])]
        }
    }

    /// The default value of each field, for `setFromDefault`; taken from the schema with
    /// the first such entry (the journal is emptied whenever the schema changes).
    private(set) var defaults: [FieldValue] = []

    /// Adds an entry kept whole.
    mutating func append(_ entry: JournalEntry) {
        slots.append(
            Slot(
                kind: .whole, named: false, field: 0, record: Int32(truncatingIfNeeded: wholes.count),
                previousCurrent: -1))
        wholes.append(entry)
    }

    /// Adds `new`'s entry as a slot; returns `false` when it does not fit one.
    mutating func appendInserted(at index: Int, named: Bool, previousCurrent: Int?) -> Bool {
        guard let record = Int32(exactly: index), let before = Int32(exactly: previousCurrent ?? -1) else {
            return false
        }
        slots.append(Slot(kind: .inserted, named: named, field: 0, record: record, previousCurrent: before))
        return true
    }

    /// Adds a `set` of `field` from its default value as a slot; returns `false` when it does not fit one.
    mutating func appendSetFromDefault(
        at index: Int, field: Int, previousCurrent: Int?, schema: RecordSchema
    ) -> Bool {
        guard let record = Int32(exactly: index), let before = Int32(exactly: previousCurrent ?? -1),
            let fieldNumber = UInt16(exactly: field)
        else { return false }
        if defaults.isEmpty { defaults = schema.defaultValues }
        slots.append(
            Slot(kind: .setFromDefault, named: false, field: fieldNumber, record: record, previousCurrent: before))
        return true
    }

    /// Removes the newest entry; returns it and, when it was kept whole, the entry.
    mutating func removeLast() -> (slot: Slot, whole: JournalEntry?) {
        let slot = slots.removeLast()
        guard slot.kind == .whole else { return (slot, nil) }
        return (slot, wholes.removeLast())
    }
}
