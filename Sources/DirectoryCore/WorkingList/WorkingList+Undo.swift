/// `undo` and `redo`: the steps of the newest entry run back through the one runner of steps
/// (`WorkingList+Steps`), and the steps that reverse them kept for the other.
extension WorkingList {
    /// Reverses the last change; remembers it for `redo`.
    mutating func undo() throws(SessionError) -> CommandOutput {
        guard let entry = tracker.popUndo(records: records, kind: kind) else {
            throw tracker.undoClearedByMerge ? .undoClearedByMerge : .nothingToUndo
        }
        let after = current
        let redoing = run(entry.steps)
        current = entry.current
        tracker.pushRedo(HistoryEntry(command: entry.command, steps: redoing, current: after))
        return feedback("Undid '\(CommandDescription.text(of: entry.command))'.")
    }

    /// Makes again the change the last `undo` took back.
    mutating func redo() throws(SessionError) -> CommandOutput {
        guard let entry = tracker.popRedo() else { throw .nothingToRedo }
        guard ListStep.steps(entry.steps, fit: records.count) else {
            tracker.forgetRedo()  // the list changed under them (a merge): they no longer say where
            throw .nothingToRedo
        }
        let before = current
        let undoing = run(entry.steps)
        tracker.pushUndo(
            HistoryEntry(command: entry.command, steps: undoing, current: before), records: records, kind: kind)
        current = entry.current
        return feedback("Redid '\(CommandDescription.text(of: entry.command))'.")
    }
}

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

/// What the undo history tells by replaying its steps on the records' keys alone: which
/// records it touches (whether a merge leaves it fitting the list), and where deleted
/// records stood (for `changes`).
extension UndoHistory {
    /// The keys of the records the history's changes set or insert, found by undoing its
    /// steps on a copy of `keys` (the list's now); `nil` when an index does not fit, or when
    /// that would shift more than `moveBudget` keys (a long history of deletions in the
    /// middle of a very large list), so a merge never stalls on it.
    func touchedKeys(undoingFrom keys: [RecordKey]) -> Set<RecordKey>? {
        var ids = keys
        var touched = Set<RecordKey>()
        var moves = 0
        func spend(_ count: Int) -> Bool {
            moves += count
            return moves <= Self.moveBudget
        }
        for position in indices.reversed() {
            for step in self[position] {
                switch step {
                case .remove(let removed):
                    for index in removed.reversed() {
                        guard ids.indices.contains(index), spend(ids.count - index) else { return nil }
                        touched.insert(ids.remove(at: index))
                    }
                case .insert(let record, let index):
                    guard index <= ids.count, spend(ids.count - index + 1) else { return nil }
                    ids.insert(record.key, at: index)
                case .insertNew(let id, _, let index):
                    guard index <= ids.count, spend(ids.count - index + 1) else { return nil }
                    ids.insert(RecordKey(id: id), at: index)
                case .insertAll(let placed):
                    for item in placed {
                        guard item.index <= ids.count, spend(ids.count - item.index + 1) else { return nil }
                        ids.insert(item.record.key, at: item.index)
                    }
                case .setField(let index, _, _), .replace(let index, _):
                    guard ids.indices.contains(index) else { return nil }
                    touched.insert(ids[index])
                case .move(let from, let to):
                    guard ids.indices.contains(from), ids.indices.contains(to), spend(ids.count) else { return nil }
                    ids.insert(ids.remove(at: from), at: to)
                case .reorder(let order):
                    guard order.count == ids.count, spend(ids.count) else { return nil }
                    ids = order.map { ids[$0] }
                case .replaceAll:
                    return nil  // not reached: merges are not undone
                }
            }
        }
        return touched
    }

    /// How many keys `touchedKeys` may shift: a tenth of a second or so of copying.
    private static var moveBudget: Int { 50_000_000 }

    /// The records deleted while the history was kept, in the order they stood in the
    /// list, each with its place: the index that the record after it has now. Replayed from
    /// the history oldest first, so that later insertions, deletions and moves before it
    /// shift it. `nil` when that would take more than `deletionPlaceBudget` steps (many
    /// deletions and a long history): `changes` then lists the deletions last rather than stall.
    func deletionPlaces() -> [(place: Int, key: RecordKey)]? {
        var places: [(place: Int, key: RecordKey)] = []
        var budget = Self.deletionPlaceBudget
        func shift(after index: Int, by offset: Int) {
            budget -= places.count
            for position in places.indices where places[position].place > index { places[position].place += offset }
        }
        func deleted(_ item: PlacedRecord, offset: Int) {
            // Deletions that stood before the removed record come before it.
            let index = item.index - offset
            let at = places.firstIndex { $0.place > index } ?? places.endIndex
            shift(after: index, by: -1)
            places.insert((index, item.record.key), at: at)
        }
        for position in indices {
            // The change itself, oldest step first: the reverse of the steps that undo it.
            for step in self[position].reversed() {
                switch step {
                case .remove(let inserted):
                    for index in inserted { shift(after: index - 1, by: 1) }
                case .insert(let record, let index):
                    deleted(PlacedRecord(index: index, record: record), offset: 0)
                case .insertNew(let id, _, let index):
                    deleted(PlacedRecord(index: index, record: Record(id: id, values: [])), offset: 0)
                case .insertAll(let removed):
                    for (offset, item) in removed.enumerated() { deleted(item, offset: offset) }
                case .move(let from, let to):
                    // Undone by moving `from` back to `to`: the change moved `to` to `from`.
                    shift(after: to, by: -1)
                    shift(after: from - 1, by: 1)
                case .setField, .replace, .reorder, .replaceAll:
                    continue
                }
                if budget < 0 { return nil }
            }
        }
        return places
    }

    /// The most steps `deletionPlaces` takes (each a place looked at): a few milliseconds.
    static let deletionPlaceBudget = 2_000_000
}
