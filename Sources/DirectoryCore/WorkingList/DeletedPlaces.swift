/// Where the records this session deleted from the file stood in it, while the file's order
/// is not taken (`ChangeTracker.savedOrder`): until the first reorder, the records of the file
/// keep their relative order in the list (additions go at the end, an undone deletion back to
/// its place), so a present record's place in the file follows from its place among them, and
/// only the deleted ones need noting. The order taken at the first reorder puts them back
/// where they stood, so `changes` numbers a moved record as the file does.
///
/// A deletion costs a look at the records kept whole (where the additions are) and at the
/// deletions noted, never a copy of the list's keys.
struct DeletedPlaces {
    /// Each deleted record's position in the file.
    private var positions = RecordKeyMap<Int>()
    /// The same positions, ascending.
    private var sorted: [Int] = []

    /// Whether no deletion is noted.
    var isEmpty: Bool { sorted.isEmpty }

    /// Notes the records at `indices` of `records` (ascending), about to be removed, that the
    /// file has (`baseline` names no other as absent): where each stands in the file.
    mutating func note(removing indices: [Int], from records: RecordList, baseline: BaselineTable) {
        var additions: [Int]?
        var noted: [(key: RecordKey, position: Int)] = []
        for index in indices {
            let key = records.key(at: index)
            guard baseline[key] != .absent else { continue }
            if additions == nil { additions = Self.additions(in: records, baseline: baseline) }
            let rank = index - Self.count(below: index, in: additions ?? [])
            noted.append((key, position(ofRank: rank)))
        }
        for (key, position) in noted { insert(key, at: position) }
    }

    /// The record `key` is in the list again (an undone deletion): its place is the list's.
    mutating func restore(_ key: RecordKey) {
        guard !positions.isEmpty, let position = positions.removeValue(forKey: key) else { return }
        if let at = Self.firstIndex(notBelow: position, in: sorted), sorted[at] == position { sorted.remove(at: at) }
    }

    /// The file's order: `present` (the keys of the file's records in the list, in list order)
    /// with each deleted record back where it stood.
    func order(with present: [RecordKey]) -> [RecordKey] {
        guard !isEmpty else { return present }
        let deleted = positions.sorted { $0.value < $1.value }
        var order: [RecordKey] = []
        order.reserveCapacity(present.count + deleted.count)
        var next = 0
        for key in present {
            while next < deleted.count, deleted[next].value <= order.count {
                order.append(deleted[next].key)
                next += 1
            }
            order.append(key)
        }
        order += deleted[next...].map(\.key)
        return order
    }

    /// Notes `keys`, records of `file` (the list as read from the file) that are deleted from
    /// the list: where each stands there.
    mutating func note(_ keys: Set<RecordKey>, placedIn file: RecordList) {
        guard !keys.isEmpty else { return }
        file.forEachKey { index, key in
            if keys.contains(key) { insert(key, at: index) }
        }
    }

    /// The places in `theirs`, the file as read now, of the deleted records it still has.
    mutating func rebase(on theirs: RecordList) {
        guard !isEmpty else { return }
        var moved = DeletedPlaces()
        theirs.forEachKey { index, key in
            if positions[key] != nil { moved.insert(key, at: index) }
        }
        self = moved
    }

    /// The position in the file of the present record of rank `rank` among the file's records
    /// in the list: the rank-th position no deleted record holds.
    private func position(ofRank rank: Int) -> Int {
        var position = rank
        for deleted in sorted {
            guard deleted <= position else { break }
            position += 1
        }
        return position
    }

    private mutating func insert(_ key: RecordKey, at position: Int) {
        if let old = positions[key], let at = Self.firstIndex(notBelow: old, in: sorted), sorted[at] == old {
            sorted.remove(at: at)
        }
        positions[key] = position
        sorted.insert(position, at: Self.firstIndex(notBelow: position, in: sorted) ?? sorted.count)
    }

    /// The indices, ascending, of the records of `records` the file lacks: records kept whole
    /// or rows of the growing table, as every addition is.
    private static func additions(in records: RecordList, baseline: BaselineTable) -> [Int] {
        guard baseline.hasAdded else { return [] }
        var indices: [Int] = []
        for (index, key) in records.keysKeptWhole where baseline[key] == .absent { indices.append(index) }
        return indices.sorted()
    }

    /// How many of `sorted` (ascending) are below `value`.
    private static func count(below value: Int, in sorted: [Int]) -> Int {
        firstIndex(notBelow: value, in: sorted) ?? sorted.count
    }

    /// The first index of `sorted` (ascending) whose element is `value` or more.
    private static func firstIndex(notBelow value: Int, in sorted: [Int]) -> Int? {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count ? low : nil
    }
}
