/// The step `save` and `refresh` share: read the list as it is now and fold this
/// session's edits into it with `RecordMerge`, through the `ListStore` protocol only,
/// so it works the same for every store.
extension Session {
    /// What the list's file holds compared with what this session last read or wrote.
    enum StoreMerge {
        /// The file has the contents this session knows; its version now (a time may differ).
        case unchanged(ListVersion)
        /// There is no file (never created, or deleted or moved away since).
        case missing
        /// Another session changed it: the merged records, what came from it, and the
        /// list as read (its records and version are the file's version now).
        case merged(RecordMerge.Merged, theirs: LoadedList)
        /// Another session changed it, and the store told what without the whole list.
        case mergedChanges(DeltaMerge)
    }

    /// Reads the file when it changed since it was read and merges this session's edits
    /// into it. Nothing in the session changes; a conflict throws `StorageError.conflict`.
    ///
    /// A file that is empty or not a list now is never merged (it would delete every
    /// record): the store waits for it to hold a list again (`loadSettled`), else this throws.
    /// With `preferringOurs`, conflicts go this session's way instead (`save!` on a database).
    func mergeWithStore(preferringOurs: Bool = false) throws(StorageError) -> StoreMerge {
        guard let now = try store.version(at: location, known: version) else { return .missing }
        if let version, now.sameContents(as: version) { return .unchanged(now) }
        if let version, !list.isReordered,
            let delta = try store.changes(at: location, kind: kind, since: version),
            let merge = try DeltaMerge.merge(delta, into: list, location: location, preferringOurs: preferringOurs)
        {
            return .mergedChanges(merge)
        }
        let loaded: LoadedList?
        do {
            loaded = try store.loadSettled(location: location, kind: kind, fallback: kind)
        } catch {
            guard error.isNotAList, version != nil, !openedEmptyFile else { throw error }
            throw .notAListNow(path: location, problem: error.notAListProblem)
        }
        guard var theirs = loaded else { return .missing }
        RecordKey.numberOccurrences(in: &theirs.records)
        var merger = RecordMerge(
            kind: kind, baseline: list.tracker.baseline, ours: records.array, preferringOurs: preferringOurs)
        merger.ordering = .merged(base: list.isReordered ? list.tracker.savedOrder : nil)
        let merged = try merger.merge(theirs: theirs.records.array, location: location).get()
        return .merged(merged, theirs: theirs)
    }

    /// What `save` and `refresh` say about the other session's changes, one line each.
    static func mergeReport(_ fromOthers: [String]) -> String {
        "Merged with changes another session saved:\n" + fromOthers.map { "  " + $0 }.joined(separator: "\n")
    }

    /// Makes the list as read now the merge base: each record this session touched gets the
    /// list's version (or absent, when the list lacks it), and the version is the list's.
    /// Every merge ends with it (save, its retries, refresh), so an edit another session
    /// saved, once merged in, is never taken for this session's own by a later merge.
    mutating func rebase(on theirs: LoadedList) {
        list.rebase(on: theirs.records)  // the file's order too
        version = theirs.version
        // Another program that rewrote the file in another format (XML for binary) keeps it.
        if let theirFormat = theirs.format { format = theirFormat }
    }
}
