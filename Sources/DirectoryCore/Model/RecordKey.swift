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

    /// Numbers the records that share an id (0, 1, 2 … in list order) and returns
    /// those ids, in order of their second appearance; records with a unique id get 0.
    ///
    /// One set insertion per record; only repeated ids cost more.
    @discardableResult
    public static func numberOccurrences(in records: inout [Record]) -> [RecordID] {
        var seen = Set<RecordID>()
        seen.reserveCapacity(records.count)
        var counts: [RecordID: Int] = [:]
        var repeated: [RecordID] = []
        for index in records.indices {
            let id = records[index].id
            if seen.insert(id).inserted {
                if records[index].occurrence != 0 { records[index].occurrence = 0 }
                continue
            }
            let count = counts[id, default: 1]
            if count == 1 { repeated.append(id) }
            records[index].occurrence = count
            counts[id] = count + 1
        }
        return repeated
    }
}
