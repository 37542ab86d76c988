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
    /// What keeps the list merged with, for the messages ("in the file").
    let medium: StoreMedium
    /// Whether conflicts go this session's way (`save!` on a database) instead of refusing
    /// the merge: its value of a field both changed, its deletion, its edit of a record the
    /// other session deleted (which comes back). Everything else the other session saved stays.
    var preferringOurs = false
    /// How the merged records are ordered.
    var ordering = Ordering.theirsThenAdded

    /// How a merge orders the merged records.
    enum Ordering {
        /// The other side's order, with the records only this session has last (`recover`,
        /// which puts back its own order afterwards).
        case theirsThenAdded
        /// By `OrderMerge`, from `base`, the order this session started from (`nil` when it
        /// moved nothing, so only its additions are placed).
        case merged(base: [RecordKey]?)
    }

    /// Merges with `theirs`, the records in the list at `location` now, by `MergeRule`.
    /// Conflicts come back as lines naming the record, the field and both values.
    ///
    /// Records are matched by `RecordKey`: when ids repeat, the k-th record with an id
    /// in `theirs` (numbered by `RecordKey.numberOccurrences`) is the k-th here.
    func merge(theirs unmatched: [Record], location: String) -> Result<Merged, StorageError> {
        let theirs = matchingRepeatedIDs(unmatched)
        let rule = MergeRule(
            kind: kind, place: medium.place, preferringOurs: preferringOurs)
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
        var moved: [String] = []
        if case .merged(let base) = ordering {
            let order = OrderMerge.mergeKeepingOursWhole(
                base: base, ours: ours.map(\.key), theirs: theirs.map(\.key), preferringOurs: preferringOurs)
            merged = Self.arrange(merged, in: order.order)
            let lines = orderLines(order, theirs: theirs, rule: rule)
            conflicts += lines.conflicts
            overruled += lines.overruled
            if order.notTaken > 0 { overruled.append(rule.orderKept(notTaken: order.notTaken)) }
            moved = lines.moved
        }
        guard conflicts.isEmpty else {
            return .failure(.conflict(location: location, medium: medium, details: conflicts))
        }
        return .success(Merged(records: merged, fromOthers: summary(theirs: theirs, rule: rule) + moved + overruled))
    }

    /// `records` in `order` (which names every one of them, and maybe others).
    private static func arrange(_ records: [Record], in order: [RecordKey]) -> [Record] {
        guard records.count != order.count || records.indices.contains(where: { records[$0].key != order[$0] })
        else { return records }
        var byKey: [RecordKey: Record] = [:]
        byKey.reserveCapacity(records.count)
        for record in records { byKey[record.key] = record }
        var arranged: [Record] = []
        arranged.reserveCapacity(records.count)
        for key in order { if let record = byKey.removeValue(forKey: key) { arranged.append(record) } }
        return arranged + records.filter { byKey[$0.key] != nil }  // none, but nothing is dropped
    }

    /// The merge report's lines about order: each conflict, each conflict settled this
    /// session's way, and the records the other side moved (one line when they are many).
    private func orderLines(
        _ order: OrderMerge.Merged, theirs: [Record], rule: MergeRule
    ) -> (conflicts: [String], overruled: [String], moved: [String]) {
        var wanted = Set(order.conflicts.flatMap { [$0.key, $0.oursAfter, $0.theirsAfter].compactMap { $0 } })
        if order.theirMoves.count <= Self.movesNamed { wanted.formUnion(order.theirMoves) }
        var named: [RecordKey: Record] = [:]
        for record in theirs where wanted.contains(record.key) { named[record.key] = record }
        for record in ours where wanted.contains(record.key) { named[record.key] = record }
        var conflicts: [String] = []
        var overruled: [String] = []
        for conflict in order.conflicts {
            guard let record = named[conflict.key] else { continue }
            let oursAfter = conflict.oursAfter.flatMap { named[$0] }
            if preferringOurs {
                overruled.append(rule.moveOverruled(record, oursAfter: oursAfter))
            } else {
                conflicts.append(
                    rule.moveConflict(
                        record, oursAfter: oursAfter, theirsAfter: conflict.theirsAfter.flatMap { named[$0] }))
            }
        }
        let moved =
            order.theirMoves.count <= Self.movesNamed
            ? order.theirMoves.compactMap { named[$0].map(rule.moved) }
            : ["reordered the list (\(order.theirMoves.count) \(kind.pluralNoun) moved)"]
        return (conflicts, overruled, moved)
    }

    /// How many records the other side moved the merge report names one by one.
    static let movesNamed = 10

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
