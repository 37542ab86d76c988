/// What the session knows of its changes since the list was last loaded or saved: the
/// saved version of every record they touched, the file's order, and what `undo` and
/// `redo` can take back or make again.
///
/// The working list's step runner (`WorkingList+Steps`) tells it of every step before the step
/// runs, so `changes`, `save`, merges and recovery all learn what changed from one place.
struct ChangeTracker {
    /// The saved version of each record changed since the last save or load.
    private(set) var baseline: BaselineTable = [:]
    /// The keys of the records in the file, in the file's order, taken before the first
    /// reorder since the last load or save; `nil` while the order is untouched.
    private(set) var savedOrder: [RecordKey]?
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
        case .insertNew(let id, _, _):
            baseline.noteAdded(RecordKey(id: id))
        case .insertAll(let placed):
            for item in placed { baseline.noteAdded(item.record.key) }
        case .remove(let indices):
            for index in indices { baseline.noteSaved(at: index, in: records) }
        case .setField(let index, _, _), .replace(let index, _):
            baseline.noteSaved(at: index, in: records)
        case .move, .reorder, .replaceAll:
            rememberSavedOrder(of: records)
        }
    }

    /// Notes the file's order before the first reorder since the last load or save: the
    /// records in the file keep their relative order until then (additions are appended,
    /// deletions and their undo keep places).
    mutating func rememberSavedOrder(of records: RecordList) {
        guard savedOrder == nil else { return }
        savedOrder = records.keys.filter { baseline[$0] != .absent }
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

    /// Empties the undo history: `recover` replaced the records it names.
    mutating func clearUndo() {
        guard !undo.isEmpty else { return }
        undo = UndoHistory()
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
        if savedOrder != nil { savedOrder = theirs.keys }
    }
}
