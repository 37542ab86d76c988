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
    /// Runs on every load, so it first gives each id one bit of a bit set with 16 bits
    /// per record (2 MB for a million: it stays in the cache, where a hash table of a
    /// million ids would not); only the ids whose bit another id had taken, about one in
    /// sixteen, are then compared in full.
    @discardableResult
    public static func numberOccurrences(in records: inout RecordList) -> [RecordID] {
        var size = 1024
        while size < records.count * 16 { size <<= 1 }
        let shift = UInt64(64 - size.trailingZeroBitCount)
        func bit(_ id: RecordID) -> Int {
            Int(truncatingIfNeeded: ((id.high ^ id.low) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        }
        var taken = [UInt64](repeating: 0, count: size / 64)
        var shared = [UInt64](repeating: 0, count: size / 64)
        var positions = [UInt32](repeating: 0, count: records.count)
        var numbered = false
        records.forEachKey { index, key in
            let position = bit(key.id)
            positions[index] = UInt32(truncatingIfNeeded: position)
            let mask: UInt64 = 1 << UInt64(position & 63)
            if taken[position >> 6] & mask != 0 { shared[position >> 6] |= mask }
            taken[position >> 6] |= mask
            if key.occurrence != 0 { numbered = true }
        }
        if numbered {
            for index in records.indices where records.key(at: index).occurrence != 0 { records[index].occurrence = 0 }
        }
        var seen = Set<RecordID>()
        var suspects = Set<RecordID>()
        for index in positions.indices {
            let position = Int(positions[index])
            guard shared[position >> 6] & (1 << UInt64(position & 63)) != 0 else { continue }
            let id = records.id(at: index)
            if !seen.insert(id).inserted { suspects.insert(id) }
        }
        guard !suspects.isEmpty else { return [] }
        var counts: [RecordID: Int] = [:]
        var repeated: [RecordID] = []
        for index in records.indices {
            let id = records.id(at: index)
            guard suspects.contains(id) else { continue }
            let count = counts[id, default: 0]
            if count == 1 { repeated.append(id) }
            if count != 0 { records[index].occurrence = count }
            counts[id] = count + 1
        }
        return repeated
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
