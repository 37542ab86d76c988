/// One reversible change to the list, recorded so `undo` can reverse it
/// without keeping a copy of the list.
enum Edit: Equatable, Sendable {
    /// A record was inserted at `index`.
    case inserted(index: Int)
    /// Records were removed; each with the index it had (ascending).
    case removed([RemovedRecord])
    /// A field of the record at `index` changed; `old` is its previous value.
    case fieldChanged(index: Int, field: Int, old: FieldValue)
    /// The record at `from` was moved to `to` (`move`).
    case moved(from: Int, to: Int)
    /// The list was put in a new order: position `i` holds the record that was at `order[i]`
    /// (`sort`, `editor`).
    case reordered([Int])
}

/// A record taken out of the list, and where it was.
struct RemovedRecord: Equatable, Sendable {
    /// Its index before removal.
    var index: Int
    /// The record.
    var record: Record
}

/// What one command changed: its edits, in order, and the current record before it.
struct JournalEntry: Equatable, Sendable {
    /// The command, to say what `undo` undid.
    var command: Command
    /// The edits, in the order they were made.
    var edits: [Edit]
    /// The current record's index before the command.
    var previousCurrent: Int?
}
