/// `restore`: a kept version of the list, or some of its records, brought back as one change.
extension WorkingList {
    /// Makes the list `version`'s records (all of them, or only those `references` name in
    /// `version`, as `list` numbers them there) as one change made by `command`; returns what
    /// the change did, `nil` when the list already was so.
    mutating func restore(_ version: RecordList, only references: [RecordReference], command: Command)
        throws(SessionError) -> VersionDifference?
    {
        let wanted: [Record]
        if references.isEmpty {
            wanted = version.array
        } else {
            let there = WorkingList(kind: kind, records: version, environment: environment)
            wanted = Self.placing(try there.resolve(references).map { ($0, there.records[$0]) }, into: records.array)
        }
        let difference = VersionDifference(from: records, to: wanted)
        guard change(into: wanted, by: command) else { return nil }
        return difference
    }

    /// `list` with each of `restored` (a record and its index in its version) in place of the
    /// record of its key, or, when the list has none, inserted at its index in the version
    /// (at the end when the list is shorter), in the version's order.
    static func placing(_ restored: [(index: Int, record: Record)], into list: [Record]) -> [Record] {
        var result = list
        var indexOf: [RecordKey: Int] = [:]
        for (index, record) in result.enumerated() { indexOf[record.key] = index }
        var inserted: [(index: Int, record: Record)] = []
        for entry in restored {
            if let index = indexOf[entry.record.key] {
                result[index] = entry.record
            } else {
                inserted.append(entry)
            }
        }
        for entry in inserted.sorted(by: { $0.index < $1.index }) {
            result.insert(entry.record, at: min(entry.index, result.count))
        }
        return result
    }
}

/// What making one list of records another would change: records added, deleted and changed
/// (by key), and whether the records both have end in another order. `versions` says it of
/// each kept version, and `restore` of what it did.
struct VersionDifference: Equatable {
    /// Records the other has and the list does not.
    var added = 0
    /// Records the list has and the other does not.
    var deleted = 0
    /// Records both have, with other values.
    var changed = 0
    /// Whether the records both have are in another order.
    var reordered = false

    /// The difference from `list` to `other`.
    init(from list: RecordList, to other: [Record]) {
        var theirs: [RecordKey: Int] = [:]
        theirs.reserveCapacity(other.count)
        for (index, record) in other.enumerated() { theirs[record.key] = index }
        var lastPlace = -1
        for index in list.indices {
            guard let place = theirs.removeValue(forKey: list.key(at: index)) else {
                deleted += 1
                continue
            }
            if list[index] != other[place] { changed += 1 }
            if place < lastPlace { reordered = true }
            lastPlace = place
        }
        added = theirs.count
    }

    /// Whether the two are the same.
    var isNone: Bool { added == 0 && deleted == 0 && changed == 0 && !reordered }

    /// `added 1 person, deleted 2 people, changed 3 people, reordered` (`count` names records),
    /// or with `wouldBe`, what `restore` would do: `add 1 person, delete 2 people, …, reorder`.
    func text(count: (Int) -> String, wouldBe: Bool = false) -> String {
        var parts: [String] = []
        if added > 0 { parts.append((wouldBe ? "add " : "added ") + count(added)) }
        if deleted > 0 { parts.append((wouldBe ? "delete " : "deleted ") + count(deleted)) }
        if changed > 0 { parts.append((wouldBe ? "change " : "changed ") + count(changed)) }
        if reordered { parts.append(wouldBe ? "reorder" : "reordered") }
        return parts.joined(separator: ", ")
    }
}
