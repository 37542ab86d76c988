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
