/// The one way the records change: every command that changes them, `undo` and `redo`,
/// and the merges that take in what other sessions saved run `ListStep`s here.
///
/// Before a step runs, the change tracker notes what the file has of the records it
/// changes; after, the change notes for the recovery journal say which records changed and
/// where they stand.
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

    /// Runs steps that take in records another session saved (a merge, `recover`): they are
    /// not this session's edits, so the caller sets their merge base and `undo` skips them.
    mutating func takeIn(_ steps: [ListStep]) {
        for step in steps { run(step, noting: false) }
    }

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

    /// Runs `steps` in order; returns the steps that reverse them all, in the order to run them.
    private mutating func run(_ steps: [ListStep]) -> [ListStep] {
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
            if index == records.count {
                records.appendNew(id: id, title: title, kind: kind)
            } else {
                var values = kind.defaultValues
                if let title { values[kind.titleField] = .text(title) }
                insert(Record(id: id, values: values), at: index)
            }
            if journaled { notes.noteChanged(RecordKey(id: id), at: index) }
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
            let old = records.exchangeValue(at: index, field: field, with: value)
            if journaled { notes.noteChanged(records.key(at: index), at: index) }
            return .setField(index: index, field: field, value: old)
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
