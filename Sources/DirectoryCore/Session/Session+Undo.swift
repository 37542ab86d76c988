/// What `undo` took back, kept so `redo` can make the change again.
struct RedoEntry: Equatable, Sendable {
    /// The command that made the change.
    var command: Command
    /// The change as steps, in the order they are re-applied.
    var steps: [EditStep]
    /// The current record's index after the change.
    var currentAfter: Int?
}

/// `undo` and `redo`.
extension Session {
    /// Reverses the last change; remembers it for `redo`.
    mutating func undo() throws(SessionError) -> CommandOutput {
        guard let entry = popJournalEntry() else { throw undoClearedByMerge ? .undoClearedByMerge : .nothingToUndo }
        var steps: [EditStep] = []
        steps.reserveCapacity(entry.edits.count)
        let currentAfter = current
        for edit in entry.edits.reversed() {
            steps.append(reverse(edit))
        }
        current = entry.previousCurrent
        redoable.append(RedoEntry(command: entry.command, steps: steps.reversed(), currentAfter: currentAfter))
        return feedback("Undid '\(CommandDescription.text(of: entry.command))'.")
    }

    /// Makes again the change the last `undo` took back.
    mutating func redo() throws(SessionError) -> CommandOutput {
        guard let entry = redoable.popLast() else { throw .nothingToRedo }
        guard Self.steps(entry.steps, fit: records.count) else {
            redoable = []  // the list changed under them (a merge): they no longer say where
            throw .nothingToRedo
        }
        run(entry.steps, command: entry.command)
        current = entry.currentAfter
        return feedback("Redid '\(CommandDescription.text(of: entry.command))'.")
    }

    /// Whether every position in `steps` exists in a list of `count` records as they run.
    static func steps(_ steps: [EditStep], fit count: Int) -> Bool {
        var count = count
        for step in steps {
            switch step {
            case .insert(_, let index):
                guard index >= 0, index <= count else { return false }
                count += 1
            case .remove(let indices):
                guard indices.allSatisfy({ $0 >= 0 && $0 < count }) else { return false }
                count -= indices.count
            case .setField(let index, _, _):
                guard index >= 0, index < count else { return false }
            case .move(let from, let to):
                guard from >= 0, from < count, to >= 0, to < count else { return false }
            case .reorder(let order):
                guard order.count == count else { return false }
            }
        }
        return true
    }

    /// Reverses one edit; returns the step that makes it again.
    private mutating func reverse(_ edit: Edit) -> EditStep {
        switch edit {
        case .inserted(let index):
            touch(index)
            let record = records.remove(at: index)
            return .insert(record, at: index)
        case .removed(let removed):
            for item in removed {
                baseline.noteAdded(item.record.key)
                records.insert(item.record, at: item.index)
            }
            return .remove(removed.map(\.index))
        case .fieldChanged(let index, let field, let old):
            touch(index)
            let new = records[index].values[field]
            records[index].values[field] = old
            return .setField(index: index, field: field, value: new)
        case .moved(let from, let to):
            moveRecord(from: to, to: from)
            return .move(from: from, to: to)
        case .reordered(let order):
            var inverse = [Int](repeating: 0, count: order.count)
            for (position, old) in order.enumerated() { inverse[old] = position }
            reorder(inverse)
            return .reorder(order)
        }
    }
}
