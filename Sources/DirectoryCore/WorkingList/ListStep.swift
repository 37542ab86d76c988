/// One change to the list: what every command that changes records is made of.
///
/// `WorkingList.run(_:noting:)` runs a step and returns the step that reverses it, so an
/// undo entry is the reversing steps of a change, and a redo entry the steps that make
/// it again: undo and redo run steps like any other change.
enum ListStep: Equatable, Sendable {
    /// Insert the record at this index.
    case insert(Record, at: Int)
    /// Insert at this index the record `new` makes: id `id`, the kind's default values, and
    /// `title` (when given) in the kind's title field. At the end of the list it goes into
    /// the list's growing table, without a `Record` (`RecordList.appendNew`).
    case insertNew(id: RecordID, title: String?, at: Int)
    /// Insert records at their indices (ascending; each index counts the ones inserted before it).
    case insertAll([PlacedRecord])
    /// Remove the records at these indices (ascending).
    case remove([Int])
    /// Set a field of the record at `index`.
    case setField(index: Int, field: Int, value: FieldValue)
    /// Put `record` in place of the record at `index` (a merge taking in another session's version).
    case replace(index: Int, record: Record)
    /// Move the record at `from` to `to`.
    case move(from: Int, to: Int)
    /// Put the list in a new order: position `i` gets the record at `order[i]`.
    case reorder([Int])
    /// Make `records` the list (a merge with what another session saved).
    case replaceAll(RecordList)
}

/// A record and its index in the list.
struct PlacedRecord: Equatable, Sendable {
    /// The index it has, or had before it was removed.
    var index: Int
    /// The record.
    var record: Record
}

extension ListStep {
    /// Whether every position in `steps` exists in a list of `count` records as they run.
    static func steps(_ steps: [ListStep], fit count: Int) -> Bool {
        var count = count
        for step in steps {
            switch step {
            case .insert(_, let index), .insertNew(_, _, let index):
                guard index >= 0, index <= count else { return false }
                count += 1
            case .insertAll(let placed):
                for item in placed {
                    guard item.index >= 0, item.index <= count else { return false }
                    count += 1
                }
            case .remove(let indices):
                guard indices.allSatisfy({ $0 >= 0 && $0 < count }) else { return false }
                count -= indices.count
            case .setField(let index, _, _), .replace(let index, _):
                guard index >= 0, index < count else { return false }
            case .move(let from, let to):
                guard from >= 0, from < count, to >= 0, to < count else { return false }
            case .reorder(let order):
                guard order.count == count else { return false }
            case .replaceAll(let records):
                count = records.count
            }
        }
        return true
    }
}
