/// The part of the rule of a three-way merge (`MergeRule`) for a field the other side's file
/// does not hold: another app, an older version of one, or a tool that leaves a key out. Read
/// as the field's default (empty), it would look like an edit that emptied it, and the merge
/// would wipe this side's value. A field absent on the other side is no change of that side's:
/// it is taken as the version the merge compares with has it. Every merge with a file another
/// program wrote asks it: `merge PATH` (`CopyMerge`), and `save` and `refresh`
/// (`Session.mergeWithStore`); which fields a file lacks is found by `Session.lackingFields`.
extension MergeRule {
    /// `theirs` with the fields each record lacks in its file (`absent`: their indices, by the
    /// record's key) as `known` has them (the base, else this side; found trying it): no
    /// change. A record `known` does not have keeps the kind's default.
    static func fillingAbsent(
        _ absent: [RecordKey: [Int]], of theirs: [Record], from known: (RecordKey) -> Record?
    ) -> [Record] {
        guard !absent.isEmpty else { return theirs }
        return theirs.map { record in
            guard let fields = absent[record.key], let known = known(record.key) else { return record }
            var filled = record
            for field in fields where field < filled.values.count && field < known.values.count {
                filled.values[field] = known.values[field]
            }
            return filled
        }
    }
}
