/// A merged conflict copy that a save's own merge took back. A save merges with the list's
/// file when it changed since it was read; what the file holds may replace values the list
/// held from a copy merged before (trial 9: a sync tool put another device's version in place
/// of this session's saved one and kept that as a copy). Such a copy is not removed by the
/// save: it is the only place left holding those values, and `merge conflicts` merges it again.
extension Session {
    /// Marks each merged copy a save would remove (`MergedCopy.takenBack`) when the list as it
    /// was `before` the save's merge with the file held some of its values and the list after
    /// it (`records`) does not.
    mutating func markCopiesTakenBack(since before: RecordList) {
        for index in mergedCopies.indices {
            let copy = mergedCopies[index]
            guard copy.removing, copy.settled, !copy.undone else { continue }
            // A copy that cannot be read now is not removed anyway (its contents changed).
            guard let read = try? readCopy(copy.path, maker: nil) else { continue }
            if Self.takesBack(read.list.records, before: before, after: records) {
                mergedCopies[index].takenBack = true
            }
        }
    }

    /// Whether `after` lost what `before` held of `copy`: a field whose value `before` held as
    /// the copy has it and `after` holds otherwise, or a record of both that `after` lacks.
    static func takesBack(_ copy: RecordList, before: RecordList, after: RecordList) -> Bool {
        let keys = Set(copy.indices.map { copy.key(at: $0) })
        let was = before.indices(of: keys)
        let now = after.indices(of: keys)
        for index in copy.indices {
            let key = copy.key(at: index)
            guard let old = was[key] else { continue }  // not in the list: nothing of it was held
            guard let new = now[key] else { return true }
            let theirs = copy[index].values
            let held = before[old].values
            let current = after[new].values
            for field in theirs.indices where field < held.count && held[field] == theirs[field] {
                if field >= current.count || current[field] != theirs[field] { return true }
            }
        }
        return false
    }
}
