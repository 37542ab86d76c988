/// Which records the undo history touches, found without copying every key of the list:
/// a merge of a few records another session saved asks it on every save.
extension UndoHistory {
    /// The keys of the records the history's changes set or insert, as
    /// `touchedKeys(undoingFrom: records.keys)` finds them, but reading the keys the steps
    /// name from `records` through the insertions and removals undone so far (`UndoneKeys`),
    /// so the cost grows with the history, not the list. A history that reorders, or shifts
    /// more than `shiftBudget` times, is replayed on a copy of every key instead.
    func touchedKeys(undoingFrom records: RecordList) -> Set<RecordKey>? {
        var keys = UndoneKeys(records: records)
        var touched = Set<RecordKey>()
        for position in indices.reversed() {
            for step in self[position] {
                guard keys.shifts.count <= Self.shiftBudget else { return touchedKeys(undoingFrom: records.keys) }
                switch step {
                case .remove(let removed):
                    for index in removed.reversed() {
                        guard index >= 0, index < keys.count else { return nil }
                        touched.insert(keys.remove(at: index))
                    }
                case .insert(let record, let index):
                    guard index >= 0, index <= keys.count else { return nil }
                    keys.insert(record.key, at: index)
                case .insertNew(let id, _, let index):
                    guard index >= 0, index <= keys.count else { return nil }
                    keys.insert(RecordKey(id: id), at: index)
                case .insertAll(let placed):
                    for item in placed {
                        guard item.index >= 0, item.index <= keys.count else { return nil }
                        keys.insert(item.record.key, at: item.index)
                    }
                case .setField(let index, _, _), .replace(let index, _):
                    guard index >= 0, index < keys.count else { return nil }
                    touched.insert(keys.key(at: index))
                case .move(let from, let to):
                    guard from >= 0, from < keys.count, to >= 0, to < keys.count else { return nil }
                    keys.insert(keys.remove(at: from), at: to)
                case .reorder:
                    return touchedKeys(undoingFrom: records.keys)
                case .replaceAll:
                    return nil  // not reached: merges are not undone
                }
            }
        }
        return touched
    }

    /// How many insertions and removals `touchedKeys(undoingFrom:)` reads keys through
    /// before it copies every key instead: each read looks back over all of them.
    static var shiftBudget: Int { 256 }
}

/// The list's keys as undoing the history leaves them: the list now, and the insertions and
/// removals undone since, newest last. Reading a key maps its index back through them.
private struct UndoneKeys {
    /// The list as it is now.
    let records: RecordList
    /// How many keys there are after the shifts.
    private(set) var count: Int
    /// Each shift, oldest first: a key inserted at `index`, or (`inserted` `nil`) the key at `index` removed.
    private(set) var shifts: [(index: Int, inserted: RecordKey?)] = []

    init(records: RecordList) {
        self.records = records
        count = records.count
    }

    /// The key at `index` after the shifts.
    func key(at index: Int) -> RecordKey {
        var index = index
        for shift in shifts.reversed() {
            if let inserted = shift.inserted {
                if index == shift.index { return inserted }
                if index > shift.index { index -= 1 }
            } else if index >= shift.index {
                index += 1
            }
        }
        return records.key(at: index)
    }

    /// Inserts `key` at `index`.
    mutating func insert(_ key: RecordKey, at index: Int) {
        shifts.append((index, key))
        count += 1
    }

    /// Removes the key at `index` and returns it.
    mutating func remove(at index: Int) -> RecordKey {
        let key = key(at: index)
        shifts.append((index, nil))
        count -= 1
        return key
    }
}
