/// The step `save` and `refresh` share: read the list as it is now and fold this
/// session's edits into it with `RecordMerge`, through the `ListStore` protocol only,
/// so it works the same for every store.
extension Session {
    /// What the list's file holds compared with what this session last read or wrote.
    enum FileMerge {
        /// The file has the contents this session knows; its fingerprint now (a time may differ).
        case unchanged(ListVersion)
        /// There is no file (never created, or deleted or moved away since).
        case missing
        /// Another session changed it: the merged records, what came from it, and the
        /// list as read (its records and fingerprint are the file's version now).
        case merged(RecordMerge.Merged, theirs: LoadedList)
        /// Another session changed it, and the store told what without the whole list.
        case mergedChanges(ChangesMerge)
    }

    /// Reads the file when it changed since it was read and merges this session's edits
    /// into it. Nothing in the session changes; a conflict throws `StorageError.conflict`.
    ///
    /// A file that is empty or not a list now is never merged (it would delete every
    /// record): the store waits for it to hold a list again (`loadSettled`), else this throws.
    /// With `preferringOurs`, conflicts go this session's way instead (`save!` on a database).
    func mergeWithFile(preferringOurs: Bool = false) throws(StorageError) -> FileMerge {
        guard let now = try store.version(at: path, known: fingerprint) else { return .missing }
        if let fingerprint, now.sameContents(as: fingerprint) { return .unchanged(now) }
        if let fingerprint, !isReordered,
            let delta = try store.changes(at: path, schema: schema, since: fingerprint),
            let merge = try mergeChanges(delta, preferringOurs: preferringOurs)
        {
            return .mergedChanges(merge)
        }
        let loaded: LoadedList?
        do {
            loaded = try store.loadSettled(location: path, schema: schema, fallback: schema)
        } catch {
            guard error.isNotAList, fingerprint != nil, !openedEmptyFile else { throw error }
            throw .notAListNow(path: path, problem: error.notAListProblem)
        }
        guard var theirs = loaded else { return .missing }
        RecordKey.numberOccurrences(in: &theirs.records)
        let merger = RecordMerge(
            schema: schema, baseline: tracker.baseline, ours: records.array, preferringOurs: preferringOurs)
        var merged = try merger.merge(theirs: theirs.records.array, path: path).get()
        if isReordered, let savedOrder = tracker.savedOrder, Self.reordered(theirs.records, from: savedOrder) {
            merged.fromOthers.append("reordered the list; your own new order was kept over theirs")
        }
        return .merged(merged, theirs: theirs)
    }

    /// Whether `records` has the records of `saved` (keys in the order last read) in
    /// another relative order: the other session moved or sorted them.
    private static func reordered(_ records: RecordList, from saved: [RecordKey]) -> Bool {
        outOfOrder(records, positions: positions(of: saved))
    }

    /// What `save` and `refresh` say about the other session's changes, one line each.
    static func mergeReport(_ fromOthers: [String]) -> String {
        "Merged with changes another session saved:\n" + fromOthers.map { "  " + $0 }.joined(separator: "\n")
    }

    /// Makes the merged records the list. The current record stays current wherever the
    /// merge put it; the undo history is kept while it still fits the list, else cleared.
    mutating func adopt(_ merged: RecordMerge.Merged) {
        // A session that reordered the list keeps its order (`RecordMerge.ordered`).
        let mergedRecords = isReordered ? RecordMerge.ordered(merged.records, like: records.array) : merged.records
        if !undoFits(mergedRecords) { tracker.clearUndoAfterMerge() }
        // Redo's steps name positions: they fit only the same records in the same order.
        if !tracker.redo.isEmpty,
            mergedRecords.count != records.count
                || mergedRecords.indices.contains(where: { records.key(at: $0) != mergedRecords[$0].key })
        {
            tracker.forgetRedo()
        }
        takeIn([.replaceAll(RecordList(mergedRecords))])
    }

    /// Makes the list as read now the merge base: each record this session touched gets the
    /// list's version (or absent, when the list lacks it), and the fingerprint is the list's.
    /// Every merge ends with it (save, its retries, refresh), so an edit another session
    /// saved, once merged in, is never taken for this session's own by a later merge.
    mutating func rebase(on theirs: LoadedList) {
        tracker.rebase(on: theirs.records)  // the file's order too
        fingerprint = theirs.version
        // Another program that rewrote the file in another format (XML for binary) keeps it.
        if let theirFormat = theirs.format { format = theirFormat }
        if recovery.isKept { noteEveryChange() }  // the recovery journal keeps each record's base too
    }

    /// Whether `undo` would do the same to `merged` as to the list now: the same records in
    /// the same order, and none that the undo history's steps touch changed by the other session.
    private func undoFits(_ merged: [Record]) -> Bool {
        guard !tracker.undo.isEmpty else { return true }
        guard merged.count == records.count,
            !merged.indices.contains(where: { records.key(at: $0) != merged[$0].key })
        else { return false }
        guard let touched = tracker.undo.touchedKeys(undoingFrom: records.keys) else { return false }
        return !zip(records, merged).contains { touched.contains($0.key) && $0 != $1 }
    }
}
