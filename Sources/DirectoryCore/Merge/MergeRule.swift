/// The one rule of a three-way merge, record by record and field by field: what a record
/// becomes when this session changed it since its base (the version it started from) and
/// another version of the list (another session's save, a journal being recovered) may
/// have changed it too. Every merge asks it: the whole-list merge (`RecordMerge`), the merge
/// of a store's delta (`DeltaMerge`), `recover`, and so every message about a merged record
/// is worded here.
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

    /// The conflict of a record both sides moved to different places: after `oursAfter` here
    /// (`nil`: first), after `theirsAfter` in the other version.
    func moveConflict(_ record: Record, oursAfter: Record?, theirsAfter: Record?) -> String {
        "\(title(record)): moved \(position(after: oursAfter)) here but \(position(after: theirsAfter)) in \(place)"
    }

    /// What the merge report says of a record both sides moved, kept where this session put it.
    func moveOverruled(_ record: Record, oursAfter: Record?) -> String {
        "\(title(record)): placed \(position(after: oursAfter)) as you moved it, though the other session moved it elsewhere"
    }

    /// What the merge report says when `save!` kept this session's order whole
    /// (`OrderMerge.mergeKeepingOursWhole`): how many of the other side's moves were not taken.
    func orderKept(notTaken: Int) -> String {
        "the list's order is this session's: the other session's moves of \(notTaken) "
            + "\(notTaken == 1 ? kind.noun : kind.pluralNoun) were not taken, as save! keeps your order"
    }

    /// "after 'Ann'", or "first".
    private func position(after record: Record?) -> String {
        record.map { "after \(title($0))" } ?? "first"
    }

    /// What the merge report says of a record the other side moved.
    func moved(_ record: Record) -> String { "moved \(title(record))" }

    /// What the merge report says of a record the other side added, changed or deleted.
    func added(_ record: Record) -> String { "added \(title(record))" }
    /// See `added(_:)`.
    func changed(_ record: Record) -> String { "changed \(title(record))" }
    /// See `added(_:)`.
    func deleted(_ record: Record) -> String { "deleted \(title(record))" }
}
