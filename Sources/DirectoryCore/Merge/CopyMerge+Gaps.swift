/// What a copy does not say, and a merge must not read as a change: the fields its file
/// lacks, and, with no base, an order that differs from this list's.
extension CopyMerge {
    /// `theirs` with the fields each record lacks in the copy's file (`lacking`) as `base` has
    /// them, else as `ours` has them (`MergeRule.fillingAbsent`): a key the copy does not have
    /// is no edit of its.
    static func filling(
        _ lacking: [RecordKey: [Int]], of theirs: [Record], from base: [RecordKey: Record]?, ours: [Record]
    ) -> [Record] {
        guard !lacking.isEmpty else { return theirs }
        var oursByKey: [RecordKey: Record] = [:]
        for record in ours where lacking[record.key] != nil { oursByKey[record.key] = record }
        return MergeRule.fillingAbsent(lacking, of: theirs) { base?[$0] ?? oursByKey[$0] }
    }

    /// The merged order with no base: nothing tells which side moved what, so this list's
    /// order stays, the copy's additions placed as there (with `preferringCopy`, the copy's
    /// order, this list's additions placed as here). When the records both hold stand in
    /// different orders, that is a conflict, listed and settled as a field's is: taking the
    /// copy's order silently would undo this side's moves (found trying it).
    func orderWithoutBase(ours: [RecordKey], theirs: [RecordKey], into result: inout Merged) -> [RecordKey] {
        let ourKeys = Set(ours)
        let theirKeys = Set(theirs)
        if ours.filter({ theirKeys.contains($0) }) != theirs.filter({ ourKeys.contains($0) }) {
            let line =
                "the order of the records differs here and in \(place), and no kept version tells which is newer"
            result.conflicts.append(
                preferringCopy
                    ? Conflict(line: line + "; placed as there")
                    : Conflict(line: line + ": this list's order was kept", taking: takingAll))
        }
        return preferringCopy
            ? OrderMerge.merge(
                base: nil, ours: ours, theirs: theirs, preferringOurs: false,
                appendedFirst: addedByEarlierCopies(ours)
            ).order
            : OrderMerge.merge(base: nil, ours: theirs, theirs: ours, preferringOurs: false).order
    }
}
