/// What a session keeps for its recovery journal (see `Session+Recovery`).
struct RecoveryState {
    /// Where the journal goes; `nil` keeps none (tests, `--help`).
    var store: RecoveryStore?
    /// Records changed since the journal was last written, each with its index then
    /// (a hint, checked when written) or -1 when it was deleted; the last note of a record
    /// counts. An array, so that noting a change costs an append, not a hash.
    var pending: [(key: RecordKey, index: Int)] = []
    /// Whether the list's order may have changed since the journal last wrote it
    /// (`move`, `sort`, `editor`, or an undo, merge or recovery of one).
    var orderChanged = false
    /// Journals of sessions that ended with unsaved changes to this list.
    var orphans: [RecoveryOrphan] = []
}

/// What `Session.apply` notes before a command, to tell afterwards which records it changed.
struct RecoveryMark {
    /// The number of undo entries before the command.
    var journalCount: Int
    /// For `undo`: the records the entry it reverses touched, with their index after it (-1: gone).
    var undone: [(key: RecordKey, index: Int)]?
}
