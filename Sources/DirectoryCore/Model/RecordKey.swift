/// The identity of a record within a session: its id, and which of the records
/// sharing that id it is.
///
/// Ids are unique in files this program and the apps write, but a file edited by
/// hand or merged by copying can repeat one. Such records stay distinct: the k-th
/// record with an id in one version of a file matches the k-th in another.
public struct RecordKey: Hashable, Sendable {
    /// The record's id.
    public var id: RecordID
    /// Which of the records with `id` it is, counted from 0 in file order.
    public var occurrence: Int

    /// Creates a key.
    public init(id: RecordID, occurrence: Int = 0) {
        self.id = id
        self.occurrence = occurrence
    }

    /// Hashes the id's two words (random already) and the occurrence as one word:
    /// a third of the hashing work, on every change and every merge.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id.high ^ (id.low &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: occurrence))
    }

    /// Numbers the records of an array that share an id, as for a `RecordList`.
    @discardableResult
    public static func numberOccurrences(in records: inout [Record]) -> [RecordID] {
        var list = RecordList(records)
        let repeated = numberOccurrences(in: &list)
        records = list.array
        return repeated
    }
}
