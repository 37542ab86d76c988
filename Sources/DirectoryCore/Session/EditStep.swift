/// One change to the list as an instruction: what `redo` re-applies and `editor`'s
/// text becomes. Running a step records the `Edit` that reverses it.
enum EditStep: Equatable, Sendable {
    /// Insert the record at this index.
    case insert(Record, at: Int)
    /// Remove the records at these indices (ascending).
    case remove([Int])
    /// Set a field of the record at `index`.
    case setField(index: Int, field: Int, value: FieldValue)
    /// Move the record at `from` to `to`.
    case move(from: Int, to: Int)
    /// Put the list in a new order: position `i` gets the record at `order[i]`.
    case reorder([Int])
}

extension Session {
    /// Runs `steps` as one change made by `command`: one journal entry, so one `undo` takes it all back.
    mutating func run(_ steps: [EditStep], command: Command) {
        let previousCurrent = current
        var edits: [Edit] = []
        edits.reserveCapacity(steps.count)
        for step in steps { edits.append(run(step)) }
        journal.append(JournalEntry(command: command, edits: edits, previousCurrent: previousCurrent))
    }

    /// Runs one step, noting each record's saved version first; returns the edit that reverses it.
    mutating func run(_ step: EditStep) -> Edit {
        switch step {
        case .insert(let record, let index):
            baseline.noteAdded(record.key)
            records.insert(record, at: index)
            if let at = current, at >= index { current = at + 1 }
            return .inserted(index: index)
        case .remove(let indices):
            var removed: [RemovedRecord] = []
            removed.reserveCapacity(indices.count)
            for index in indices {
                touch(index)
                removed.append(RemovedRecord(index: index, record: records[index]))
            }
            remove(removed)
            return .removed(removed)
        case .setField(let index, let field, let value):
            touch(index)
            let old = records[index].values[field]
            records[index].values[field] = value
            return .fieldChanged(index: index, field: field, old: old)
        case .move(let from, let to):
            moveRecord(from: from, to: to)
            return .moved(from: from, to: to)
        case .reorder(let order):
            reorder(order)
            return .reordered(order)
        }
    }

    /// Moves one record, keeping `current` on the same record.
    mutating func moveRecord(from: Int, to: Int) {
        rememberSavedOrder()
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

    /// Puts the records in `order` (position `i` gets the record at `order[i]`), keeping `current` on its record.
    mutating func reorder(_ order: [Int]) {
        rememberSavedOrder()
        records.reorder(order)
        if let at = current { current = order.firstIndex(of: at) }
    }
}
