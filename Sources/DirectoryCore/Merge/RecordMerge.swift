/// Merges this session's edits into a whole list that another session saved in the
/// meantime (a three-way merge whose base is the version of each record this session
/// started from), record by record with `MergeRule`.
struct RecordMerge {
    /// The merged list and what came from the other session.
    struct Merged {
        /// The records to write.
        var records: [Record]
        /// One line per record the other session added, changed or deleted.
        var fromOthers: [String]
    }

    let kind: ListKind
    /// The saved version of each record this session touched.
    let baseline: BaselineTable
    /// This session's records.
    let ours: [Record]
    /// Whether conflicts go this session's way (`save!` on a database) instead of refusing
    /// the merge: its value of a field both changed, its deletion, its edit of a record the
    /// other session deleted (which comes back). Everything else the other session saved stays.
    var preferringOurs = false

    /// Merges with `theirs`, the records in the list at `location` now, by `MergeRule`.
    /// Conflicts come back as lines naming the record, the field and both values.
    ///
    /// Records are matched by `RecordKey`: when ids repeat, the k-th record with an id
    /// in `theirs` (numbered by `RecordKey.numberOccurrences`) is the k-th here.
    func merge(theirs unmatched: [Record], location: String) -> Result<Merged, StorageError> {
        let theirs = matchingRepeatedIDs(unmatched)
        let rule = MergeRule(
            kind: kind, place: StoreLocation.place(of: location), preferringOurs: preferringOurs)
        var oursByKey: [RecordKey: Record] = [:]
        for record in ours where baseline[record.key] != nil { oursByKey[record.key] = record }
        var conflicts: [String] = []
        var overruled: [String] = []
        var merged: [Record] = []
        merged.reserveCapacity(theirs.count + oursByKey.count)
        var theirKeys = Set<RecordKey>()
        for their in theirs {
            guard let base = baseline[their.key] else {
                merged.append(their)
                continue
            }
            theirKeys.insert(their.key)
            guard case .present(let baseRecord) = base else {
                merged.append(their)  // both added the same id: cannot happen with random ids
                continue
            }
            let decision = rule.decide(base: baseRecord, ours: oursByKey[their.key], theirs: their)
            conflicts += decision.conflicts
            overruled += decision.overruled
            if let record = decision.record { merged.append(record) }
        }
        for mine in ours {
            guard let base = baseline[mine.key], !theirKeys.contains(mine.key) else { continue }
            guard case .present(let baseRecord) = base else {
                merged.append(mine)  // added here
                continue
            }
            let decision = rule.decide(base: baseRecord, ours: mine, theirs: nil)
            conflicts += decision.conflicts
            overruled += decision.overruled
            if let record = decision.record { merged.append(record) }
        }
        guard conflicts.isEmpty else { return .failure(.conflict(location: location, details: conflicts)) }
        return .success(Merged(records: merged, fromOthers: summary(theirs: theirs, rule: rule) + overruled))
    }

    /// What the other session changed, compared with the file as this session loaded it
    /// (this session's records with its own edits taken back).
    private func summary(theirs: [Record], rule: MergeRule) -> [String] {
        var before: [RecordKey: Record] = [:]
        for record in ours where baseline[record.key] == nil { before[record.key] = record }
        for case (let key, .present(let record)) in baseline { before[key] = record }
        var lines: [String] = []
        for their in theirs {
            if let old = before.removeValue(forKey: their.key) {
                if old != their { lines.append(rule.changed(their)) }
            } else if baseline[their.key] == nil {
                lines.append(rule.added(their))
            }
        }
        for old in before.values { lines.append(rule.deleted(old)) }
        return lines
    }
}
