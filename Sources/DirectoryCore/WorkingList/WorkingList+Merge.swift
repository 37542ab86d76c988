/// Taking in a merge with another version of the list (another session's save, a store's
/// delta, a recovered journal): the merged records become the list without counting as
/// this session's edits, and the undo history stays only while it still fits (which records
/// it touches, `UndoHistory.touchedKeys`, is at the end of this file).
extension WorkingList {
    /// Makes the merged records the list. The current record stays current wherever the
    /// merge put it; the undo history is kept while it still fits the list, else cleared.
    mutating func takeIn(_ merged: RecordMerge.Merged) {
        let mergedRecords = merged.records  // in the merged order (`OrderMerge`)
        // Undo's and redo's steps name positions: they fit only the same records in the same order.
        let sameKeys =
            tracker.undo.isEmpty && tracker.redo.isEmpty
            || mergedRecords.count == records.count
                && !mergedRecords.indices.contains(where: { records.key(at: $0) != mergedRecords[$0].key })
        if !undoFits(mergedRecords, sameKeys: sameKeys) { tracker.clearUndoAfterMerge() }
        if !tracker.redo.isEmpty, !sameKeys { tracker.forgetRedo() }
        takeIn([.replaceAll(RecordList(mergedRecords))])
    }

    /// Makes a merge worked out from a delta the list, and what it merged the base:
    /// replaced records in place, removed and inserted ones where they belong, the undo
    /// history kept while it still fits.
    mutating func takeIn(_ merge: DeltaMerge) {
        if !merge.removed.isEmpty || !merge.inserted.isEmpty {
            tracker.clearUndoAfterMerge()
            tracker.forgetRedo()
        } else if !tracker.undo.isEmpty, !merge.replaced.isEmpty {
            let touched = tracker.undo.touchedKeys(undoingFrom: records)
            if touched == nil || merge.replaced.contains(where: { touched?.contains($0.record.key) ?? true }) {
                tracker.clearUndoAfterMerge()
            }
        }
        takeIn(merge.replaced.map { .replace(index: $0.index, record: $0.record) })
        if !merge.removed.isEmpty { takeIn([.remove(merge.removed.sorted())]) }
        for (after, record) in merge.inserted {
            let position = after.flatMap { records.index(of: $0) }.map { $0 + 1 } ?? 0
            takeIn([.insert(record, at: position)])
        }
        for (key, base) in merge.bases { tracker.setBase(base, for: key) }
        noteEveryChange()  // the recovery journal keeps each record's base too
    }

    /// Makes `theirs`, the list as read now, the merge base: each record this session touched
    /// gets its version there (or absent, when it lacks it), and the saved order is theirs.
    /// Every merge with a whole list ends with it (save, its retries, refresh), so an edit
    /// another session saved, once merged in, is never taken for this session's own by a later merge.
    mutating func rebase(on theirs: RecordList) {
        tracker.rebase(on: theirs)
        noteEveryChange()  // the recovery journal keeps each record's base too
    }

    /// Notes every record that differs from the saved list for the recovery journal (after a
    /// merge or `recover`), while one is kept.
    mutating func noteEveryChange() {
        guard notes.isOn else { return }
        notes.noteEvery(tracker.baseline.keys)
    }

    /// Whether `undo` would do the same to `merged` as to the list now: the same records in
    /// the same order (`sameKeys`), and none that the undo history's steps touch changed by
    /// the other session. Only those records are made from the list to be compared: making
    /// all of a million-record list's cost more than the merge itself.
    private func undoFits(_ merged: [Record], sameKeys: Bool) -> Bool {
        guard !tracker.undo.isEmpty else { return true }
        guard sameKeys, let touched = tracker.undo.touchedKeys(undoingFrom: records) else { return false }
        guard !touched.isEmpty else { return true }
        var touchedSet = RecordKeySet()
        for key in touched { touchedSet.insert(key) }
        return !merged.indices.contains { touchedSet.contains(merged[$0].key) && records[$0] != merged[$0] }
    }

    /// Whether the list holds, of the records of `saved` (keys in the order last read), some
    /// in another relative order: the other session moved or sorted them.
    static func reordered(_ records: RecordList, from saved: [RecordKey]) -> Bool {
        outOfOrder(records, positions: OrderMerge.positions(of: saved))
    }

    /// Replays a recovery journal's changes onto the list as it is, by the three-way merge
    /// `save` uses: the journal's saved versions are the base, the list (as kept at `location`)
    /// is the other side. With `force`, the base of each record is the list's version, so the
    /// journal's wins. A conflict throws and changes nothing. `recover` runs it on a copy of
    /// the list, which the list then becomes as one change (so its undo history is not asked).
    mutating func replay(
        _ changes: [RecoveryEntry], force: Bool, location: String, medium: StoreMedium
    ) throws(StorageError) {
        var journaled: [RecordKey: RecoveryEntry] = [:]
        for entry in changes { journaled[entry.key] = entry }
        guard !journaled.isEmpty else { return }
        var base: BaselineTable = [:]
        for (key, entry) in journaled { base[key] = entry.saved.map { .present($0) } ?? .absent }
        if force {
            // A record the list no longer has comes back as an addition.
            for key in journaled.keys { base[key] = .absent }
            for record in records where journaled[record.key] != nil { base[record.key] = .present(record) }
        }
        var ours: [Record] = records.filter { journaled[$0.key] == nil }
        ours += changes.filter { $0.now != nil }.sorted { $0.position < $1.position }.compactMap(\.now)
        let merged = try RecordMerge(kind: kind, baseline: base, ours: ours, medium: medium)
            .merge(theirs: records.array, location: location).get()
        var before: [RecordKey: Record] = [:]
        for record in records where journaled[record.key] != nil { before[record.key] = record }
        for key in journaled.keys where tracker.baseline[key] == nil {
            tracker.setBase(before[key].map { .present($0) } ?? .absent, for: key)
        }
        var deleted = Set(before.keys)
        for record in merged.records { deleted.remove(record.key) }
        tracker.notePlaces(ofDeleted: deleted, in: records)
        takeIn([.replaceAll(RecordList(merged.records))])
    }

    /// Puts the list in a recovered order: the records it names keep that order, and the
    /// others (added since, by another session) stay before the record they preceded.
    mutating func reorder(like order: [RecordKey]) {
        tracker.rememberSavedOrder(of: records)
        takeIn([.replaceAll(RecordList(RecordMerge.ordered(records.array, byKeys: order)))])
    }
}

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
