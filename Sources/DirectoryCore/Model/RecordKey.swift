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

    /// Numbers the records that share an id (0, 1, 2 … in list order) and returns
    /// those ids, in order of their second appearance; records with a unique id get 0.
    ///
    /// Runs on every load, so the first pass keeps one 64-bit word per record (the id's
    /// halves folded); only ids whose words repeat are then compared in full.
    @discardableResult
    public static func numberOccurrences(in records: inout [Record]) -> [RecordID] {
        var seen = Set<UInt64>(minimumCapacity: records.count)
        var suspects = Set<UInt64>()
        var numbered = false
        records.withUnsafeBufferPointer { buffer in
            // Through the buffer: reading two words of a record must not retain its arrays.
            for index in buffer.indices {
                let word = buffer[index].id.high ^ buffer[index].id.low
                if !seen.insert(word).inserted { suspects.insert(word) }
                if buffer[index].occurrence != 0 { numbered = true }
            }
        }
        if numbered {
            for index in records.indices where records[index].occurrence != 0 { records[index].occurrence = 0 }
        }
        guard !suspects.isEmpty else { return [] }
        var counts: [RecordID: Int] = [:]
        var repeated: [RecordID] = []
        for index in records.indices where suspects.contains(records[index].id.high ^ records[index].id.low) {
            let id = records[index].id
            let count = counts[id, default: 0]
            if count == 1 { repeated.append(id) }
            records[index].occurrence = count
            counts[id] = count + 1
        }
        return repeated
    }
}
