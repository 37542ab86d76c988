/// The one rule of a three-way merge, in one place: what a record becomes when this session
/// changed it since its base (the version it started from) and another version of the list
/// (another session's save, a journal being recovered, a copy) may have changed it too, record
/// by record and field by field; how a whole list merges by it (`RecordMerge`, below), with
/// records that share an id matched first (`matchingRepeatedIDs`, at the end); and where a
/// merge's order starts (`RecordMerge.mergedOrder`: the other side's, when this session moved
/// nothing; else `OrderMerge` places each side's moves). Every merge asks it: a save or
/// `refresh` beside another session's save, the merge of a store's delta (`DeltaMerge`),
/// `recover` and `merge PATH`; so every message about a merged record is worded here (those
/// about order beside `OrderMerge`).
///
/// A field changed on one side only takes that change; a field changed the same way on both
/// is that value; a field changed differently on both is a conflict. A record deleted on one
/// side and left alone on the other is deleted; deleted on one side and changed on the other,
/// a conflict. A record's place merges the same way (`OrderMerge`): moved on one side only, it
/// takes that place; moved to different places on both, a conflict. `preferringOurs` settles
/// every conflict this session's way and says so.
struct MergeRule {
    /// The kind of the records.
    let kind: ListKind
    /// Where the other version is, for conflict messages ("in directory.plist").
    let place: String
    /// Whether conflicts go this session's way instead of being reported (`save!`, `recover!`).
    var preferringOurs = false

    /// What one record touched by this session becomes.
    struct Decision {
        /// The merged record, or `nil` when it is gone from the merged list.
        var record: Record?
        /// A line for the merge report for each conflict that went this session's way.
        var overruled: [String] = []
        /// A line for each conflict, naming the record (the field and both values), when the
        /// merge cannot decide.
        var conflicts: [String] = []
    }

    /// What the record whose base is `base` becomes, given this session's version `ours` and
    /// the other's version `theirs` (`nil`: deleted on that side). With a conflict, the record
    /// is the other side's, so a report can still show the list as the other side has it.
    func decide(base: Record, ours: Record?, theirs: Record?) -> Decision {
        switch (ours, theirs) {
        case (nil, nil):
            return Decision()
        case (nil, let their?):
            guard their != base else { return Decision() }
            if preferringOurs {
                return Decision(overruled: ["\(title(their)): deleted as you did, though the other session changed it"])
            }
            return Decision(
                record: their, conflicts: ["\(title(base)): you deleted it, but the other session changed it"])
        case (let mine?, nil):
            guard mine != base else { return Decision() }
            if preferringOurs {
                return Decision(
                    record: mine,
                    overruled: ["\(title(mine)): kept with your changes, though the other session deleted it"])
            }
            return Decision(conflicts: ["\(title(mine)): you changed it, but the other session deleted it"])
        case (let mine?, let their?):
            return fields(base: base, ours: mine, theirs: their)
        }
    }

    /// The field-by-field merge of a record both sides still have: the other side's record
    /// with this session's changed fields.
    private func fields(base: Record, ours mine: Record, theirs their: Record) -> Decision {
        var result = their
        var overruled: [String] = []
        var conflicts: [String] = []
        for field in kind.fields.indices where mine.values[field] != base.values[field] {
            let theirValue = their.values[field]
            if theirValue == base.values[field] || theirValue == mine.values[field] {
                result.values[field] = mine.values[field]
            } else if preferringOurs {
                result.values[field] = mine.values[field]
                overruled.append(
                    "\(title(mine)): your \(kind.fields[field].name) \(Self.show(mine.values[field])) replaced "
                        + "\(Self.show(theirValue))")
            } else {
                conflicts.append(
                    "\(title(mine)): \(kind.fields[field].name) is \(Self.show(mine.values[field])) here "
                        + "but \(Self.show(theirValue)) in \(place)")
            }
        }
        result.extras = Self.extras(base: base.extras, ours: mine.extras, theirs: their.extras)
        return Decision(record: result, overruled: overruled, conflicts: conflicts)
    }

    /// The keys other apps keep, merged key by key: a key only this side changed (set, changed
    /// or removed) takes that change, and so does one both sides changed differently (a
    /// conflict, which a copy merge reports: `differingKeys`); any other the other side's
    /// value. Taking the other side's whole put a copy's old value over the list's newer one
    /// (found trying it).
    static func extras(base: [KeyedValue], ours: [KeyedValue], theirs: [KeyedValue]) -> [KeyedValue] {
        guard ours != base else { return theirs }
        var merged = theirs
        var keys: [String] = []
        for pair in base + ours where !keys.contains(pair.key) { keys.append(pair.key) }
        for key in keys {
            let mine = value(ours, key)
            guard mine != value(base, key), mine != value(theirs, key) else { continue }
            if let index = merged.firstIndex(where: { $0.key == key }) {
                if let mine { merged[index].value = mine } else { merged.remove(at: index) }
            } else if let mine {
                merged.append(KeyedValue(key, mine))
            }
        }
        return merged
    }

    /// The keys whose values differ between `one` and `other`, in order.
    static func differingKeys(_ one: [KeyedValue], _ other: [KeyedValue]) -> [String] {
        var keys: [String] = []
        for pair in one + other where !keys.contains(pair.key) && value(one, pair.key) != value(other, pair.key) {
            keys.append(pair.key)
        }
        return keys
    }

    private static func value(_ pairs: [KeyedValue], _ key: String) -> PropertyValue? {
        pairs.first { $0.key == key }?.value
    }

    /// How a merge message names a record: its title in quotes, or "(unnamed …)".
    func title(_ record: Record) -> String {
        let name = record.values[kind.titleField].text ?? ""
        return name.isEmpty ? "(unnamed \(kind.noun))" : "'\(VisibleText.of(name))'"
    }

    /// How a merge message shows a value: text in quotes, a date in ISO 8601.
    static func show(_ value: FieldValue) -> String {
        switch value {
        case .text(let text): return "\"" + VisibleText.of(text) + "\""
        case .date(let seconds): return DateText.iso8601(seconds)
        }
    }

    /// What the merge report says of a record the other side added, changed or deleted.
    func added(_ record: Record) -> String { "added \(title(record))" }
    /// See `added(_:)`.
    func changed(_ record: Record) -> String { "changed \(title(record))" }
    /// See `added(_:)`.
    func deleted(_ record: Record) -> String { "deleted \(title(record))" }
}

/// Merges this session's edits into a whole list that another session saved in the
/// meantime (a three-way merge whose base is the version of each record this session
/// started from), record by record with `MergeRule`, and its order with `mergedOrder`.
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
    /// The record a copy merged here had, by key, for a record this session added by merging
    /// a copy that the other side holds too (it merged the same copy): the base of such a
    /// record, so an edit made here since the merge is not lost to the other's silently.
    var addedOrigin: ((RecordKey) -> Record?)?

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
            // Both added the same id: no random ids meet, so both merged a copy that added it
            // (trial 9, finding 5), whose record is the base; with none known, the other's stays.
            let origin: Record?
            if case .present(let record) = base {
                origin = record
            } else if oursByKey[their.key] != their {
                origin = addedOrigin?(their.key)
            } else {
                origin = nil
            }
            guard let baseRecord = origin else {
                merged.append(their)
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
            let order = Self.mergedOrder(
                base: base, ours: ours.map(\.key), theirs: theirs.map(\.key), preferringOurs: preferringOurs)
            merged = Self.arrange(merged, in: order.order)
            if !order.conflicts.isEmpty || !order.theirMoves.isEmpty {
                let lines = orderLines(order, theirs: theirs, rule: rule)
                conflicts += lines.conflicts
                overruled += lines.overruled
                moved = lines.moved
            }
            if order.notTaken > 0 { overruled.append(rule.orderKept(notTaken: order.notTaken)) }
        }
        guard conflicts.isEmpty else {
            return .failure(.conflict(location: location, medium: medium, details: conflicts))
        }
        return .success(Merged(records: merged, fromOthers: summary(merged: merged, rule: rule) + moved + overruled))
    }

    /// The merged order of a save or `refresh` beside another session's save, on every store
    /// (a database's delta never merges order: `DeltaMerge` leaves any move to the whole list).
    /// When this session moved nothing (`base` is `nil`) and both sides hold the same records,
    /// which is a save beside another session's edits of fields, it is the other side's order;
    /// else `OrderMerge.merge` places each side's moves.
    ///
    /// `save!` (`preferringOurs`) after orders that conflict keeps this session's order whole
    /// (`OrderMerge.oursWinning`): the other side's moves kept around this side's would make an
    /// order neither side made (two sorts). (`merge PATH` settles its conflicts one by one instead.)
    static func mergedOrder(
        base: [RecordKey]?, ours: [RecordKey], theirs: [RecordKey], preferringOurs: Bool
    ) -> OrderMerge.Merged {
        if base == nil, ours == theirs { return OrderMerge.Merged(order: theirs) }
        var merged = OrderMerge.merge(base: base, ours: ours, theirs: theirs, preferringOurs: preferringOurs)
        guard preferringOurs, !merged.conflicts.isEmpty else { return merged }
        merged.order = OrderMerge.oursWinning(ours: ours, theirs: theirs)
        merged.notTaken = merged.theirMoves.count
        merged.theirMoves = []
        return merged
    }

    /// `records` in `order` (which names every one of them, and maybe others). Each record
    /// is found by its index, so none is copied into a table on the way.
    private static func arrange(_ records: [Record], in order: [RecordKey]) -> [Record] {
        guard records.count != order.count || records.indices.contains(where: { records[$0].key != order[$0] })
        else { return records }
        var indices = RecordKeyMap<Int>(minimumCapacity: records.count)
        for index in records.indices { indices[records[index].key] = index }
        var placed = [Bool](repeating: false, count: records.count)
        var arranged: [Record] = []
        arranged.reserveCapacity(records.count)
        for key in order {
            guard let index = indices.removeValue(forKey: key) else { continue }
            placed[index] = true
            arranged.append(records[index])
        }
        // None is left, but nothing is dropped.
        for index in records.indices where !placed[index] { arranged.append(records[index]) }
        return arranged
    }

    /// What the merge took from the other side: each record of `merged` that this session
    /// lacks (added there) or holds otherwise (changed there), and each record here that
    /// `merged` lacks (deleted there). A change this session already had, made the same way
    /// on both sides, is not named, and one the merge took over a record that both sides have
    /// since a copy was merged into each is (trial 9, finding 5: the report named a change
    /// already held and left out the one taken). Records are found by their index in `ours`,
    /// so none is copied into a table on the way.
    private func summary(merged: [Record], rule: MergeRule) -> [String] {
        var indices = RecordKeyMap<Int>(minimumCapacity: ours.count)
        for index in ours.indices { indices[ours[index].key] = index }
        var kept = [Bool](repeating: false, count: ours.count)
        var lines: [String] = []
        for record in merged {
            if let index = indices[record.key] {
                kept[index] = true
                if ours[index] != record { lines.append(rule.changed(record)) }
            } else {
                lines.append(rule.added(record))
            }
        }
        for index in ours.indices where !kept[index] { lines.append(rule.deleted(ours[index])) }
        return lines
    }
}

/// Matching records that share an id, for a merge.
///
/// Files this program writes never repeat an id, but one edited by hand can. Such
/// records are told apart by `Record.occurrence`. Before merging, the other side's
/// records with a repeated id are matched to this session's base versions: first a
/// record equal to a base version takes it, then the rest take the remaining ones in
/// order (the k-th with the k-th), and any left over count as added by the other
/// session. So neither side's deletion of one such record makes a false conflict,
/// and no record is dropped or written twice.
extension RecordMerge {
    /// `theirs` with the occurrences of repeated ids matched to this session's records.
    func matchingRepeatedIDs(_ theirs: [Record]) -> [Record] {
        var repeated = Set<RecordID>()
        for record in theirs where record.occurrence > 0 { repeated.insert(record.id) }
        for record in ours where record.occurrence > 0 { repeated.insert(record.id) }
        for key in baseline.keys where key.occurrence > 0 { repeated.insert(key.id) }
        guard !repeated.isEmpty else { return theirs }
        // The base version of each occurrence: as saved when touched here, else as it is here.
        var bases: [RecordID: [Int: Record]] = [:]
        for record in ours where repeated.contains(record.id) && baseline[record.key] == nil {
            bases[record.id, default: [:]][record.occurrence] = record
        }
        for case (let key, .present(let record)) in baseline where repeated.contains(key.id) {
            bases[key.id, default: [:]][key.occurrence] = record
        }
        var positions: [RecordID: [Int]] = [:]
        for (index, record) in theirs.enumerated() where repeated.contains(record.id) {
            positions[record.id, default: []].append(index)
        }
        var matched = theirs
        for (id, indices) in positions {
            let base = bases[id] ?? [:]
            for (index, occurrence) in Self.match(indices.map { theirs[$0] }, to: base) {
                matched[indices[index]].occurrence = occurrence
            }
        }
        return matched
    }

    /// For each of `records` (one id's, in file order), its index there and the occurrence it takes.
    private static func match(_ records: [Record], to base: [Int: Record]) -> [(Int, Int)] {
        var free = base.keys.sorted()
        var result: [(Int, Int)] = []
        var unmatched: [Int] = []
        for (index, record) in records.enumerated() {
            if let slot = free.firstIndex(where: { sameContents(base[$0], record) }) {
                result.append((index, free.remove(at: slot)))
            } else {
                unmatched.append(index)
            }
        }
        var next = (base.keys.max() ?? -1) + 1
        for index in unmatched {
            if !free.isEmpty {
                result.append((index, free.removeFirst()))
            } else {
                result.append((index, next))
                next += 1
            }
        }
        return result
    }

    private static func sameContents(_ base: Record?, _ record: Record) -> Bool {
        guard let base else { return false }
        return base.values == record.values && base.extras == record.extras
    }
}
