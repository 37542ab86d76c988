import Dispatch
import Synchronization

/// How the records that share an id are found and numbered on every load: the ids' bits in a
/// bit set first, then only the ids on a bit two of them took, in a flat table of their own.
extension RecordKey {
    /// Numbers the records that share an id (0, 1, 2 … in list order) and returns
    /// those ids, in order of their second appearance; records with a unique id get 0.
    ///
    /// Runs on every load, so it first gives each id one bit of a bit set with 16 bits
    /// per record (2 MB for a million: it stays in the cache, where a hash table of a
    /// million ids would not); only the ids whose bit another id had taken, about one in
    /// sixteen, are then compared in full, in a table sized once for them (`SharedBitIDs`).
    /// A long list's bits are taken in runs on every core (`occurrenceSplit`), each into a
    /// set of its own, and the sets joined.
    @discardableResult
    public static func numberOccurrences(in records: inout RecordList) -> [RecordID] {
        numberOccurrences(in: &records, split: occurrenceSplit)
    }

    /// How `numberOccurrences` splits a long list: two runs from 500,000 records, where a
    /// second thread and a second 4 MB bit set cost little beside half of the bits' misses.
    static var occurrenceSplit: RecordReadSplit {
        RecordReadSplit(parts: min(RecordReadSplit.automatic.parts, 2), minimumRecords: 250_000)
    }

    /// `numberOccurrences(in:)`, taking the bits in the runs `split` makes.
    static func numberOccurrences(in records: inout RecordList, split: RecordReadSplit) -> [RecordID] {
        let (numbered, candidates) = indicesOnSharedBits(records, split: split)
        if numbered {
            for index in records.indices where records.key(at: index).occurrence != 0 { records[index].occurrence = 0 }
        }
        guard !candidates.isEmpty else { return [] }
        var table = SharedBitIDs(capacity: candidates.count)
        var repeated: [RecordID] = []
        for index in candidates {
            let id = records.id(at: index)
            let occurrence = table.count(id)
            if occurrence == 1 { repeated.append(id) }
            if occurrence != 0 { records[index].occurrence = occurrence }
        }
        return repeated
    }

    /// The indices, in list order, of the records of `list` whose id's bit another id took
    /// too (every record whose id another record has among them), and whether a record kept
    /// whole has an occurrence other than 0.
    private static func indicesOnSharedBits(
        _ list: RecordList, split: RecordReadSplit
    ) -> (numbered: Bool, indices: [Int]) {
        let runs = split.runs(of: 0..<list.count)
        guard runs.count > 1 else {
            var bits = IDBits(count: list.count)
            let numbered = bits.take(list, in: 0..<list.count)
            return (numbered, bits.indicesOnSharedBits(list, in: 0..<list.count))
        }
        let taken = Mutex<[(bits: IDBits, numbered: Bool)?]>(Array(repeating: nil, count: runs.count))
        DispatchQueue.concurrentPerform(iterations: runs.count) { run in
            var bits = IDBits(count: list.count)
            let numbered = bits.take(list, in: runs[run])
            taken.withLock { $0[run] = (bits, numbered) }
        }
        // Out of the lock, so that the first run's set is joined in place, not copied.
        var outcomes = taken.withLock { outcomes in
            defer { outcomes = [] }
            return outcomes
        }
        var numbered = false
        for run in outcomes.indices {
            numbered = numbered || outcomes[run]?.numbered == true
            guard run > 0, let other = outcomes[run]?.bits else { continue }
            outcomes[0]?.bits.join(other)
        }
        guard let bits = outcomes[0]?.bits else { return (numbered, []) }
        let found = Mutex<[[Int]]>(Array(repeating: [], count: runs.count))
        DispatchQueue.concurrentPerform(iterations: runs.count) { run in
            let indices = bits.indicesOnSharedBits(list, in: runs[run])
            found.withLock { $0[run] = indices }
        }
        let candidates = found.withLock { $0 }.flatMap { $0 }
        return (numbered, candidates)
    }
}

/// A bit set of 16 bits an id (at least 1,024), each id's bit chosen by a multiply of its
/// halves: which bits one id took and which two or more did. The words of the two sets
/// alternate (a word of bits taken, then the same bits' word of bits shared), so that one
/// id's bits are in one cache line.
private struct IDBits {
    private var words: [UInt64]
    private let shift: UInt64

    /// An empty set for `count` ids.
    init(count: Int) {
        var size = 1024
        while size < count * 16 { size <<= 1 }
        shift = UInt64(64 - size.trailingZeroBitCount)
        words = [UInt64](repeating: 0, count: size / 32)
    }

    /// The bit of `id` in a set of `1 << (64 - shift)` bits.
    @inline(__always)
    private static func bit(_ id: RecordID, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: ((id.high ^ id.low) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Takes the bit of the id of each record of `list` in `range`, marking it shared when
    /// another id took it before; returns whether a record kept whole has an occurrence
    /// other than 0.
    mutating func take(_ list: RecordList, in range: Range<Int>) -> Bool {
        let allIDs = list.table?.ids ?? []
        let allGrowingIDs = list.growing.ids
        let (ids, growingIDs, slots) = (allIDs.span, allGrowingIDs.span, list.slots.span)
        let shift = shift
        var bitWords = words.mutableSpan
        var numbered = false
        for index in range {
            let slot = slots[index]
            let id: RecordID
            if slot >= 0 {
                id = ids[slot]
            } else if let row = RecordList.growingRow(slot) {
                id = growingIDs[row]
            } else {
                let key = list.loose[~slot].key
                if key.occurrence != 0 { numbered = true }
                id = key.id
            }
            let position = Self.bit(id, shift: shift)
            let mask: UInt64 = 1 << UInt64(position & 63)
            let taken = (position >> 6) << 1
            let word = bitWords[taken]
            bitWords[taken + 1] |= word & mask
            bitWords[taken] = word | mask
        }
        return numbered
    }

    /// Adds the bits `other` (a later run's set, of the same size) took: a bit either took,
    /// or both, is shared.
    mutating func join(_ other: IDBits) {
        var bitWords = words.mutableSpan
        let otherWords = other.words.span
        for taken in stride(from: 0, to: bitWords.count, by: 2) {
            bitWords[taken + 1] |= otherWords[taken + 1] | (bitWords[taken] & otherWords[taken])
            bitWords[taken] |= otherWords[taken]
        }
    }

    /// The indices of the records of `list` in `range` (whose ids were all taken) whose bit
    /// two or more ids took, in list order.
    func indicesOnSharedBits(_ list: RecordList, in range: Range<Int>) -> [Int] {
        var sharedBits = 0
        for pair in stride(from: 1, to: words.count, by: 2) { sharedBits += words[pair].nonzeroBitCount }
        guard sharedBits > 0 else { return [] }
        var indices: [Int] = []
        // Two ids a shared bit, and a few more, in the run's share of the list.
        let expected = Double(sharedBits) * 2.2 * Double(range.count) / Double(max(list.count, 1))
        indices.reserveCapacity(Int(expected) + 16)
        let allIDs = list.table?.ids ?? []
        let allGrowingIDs = list.growing.ids
        let (ids, growingIDs, slots) = (allIDs.span, allGrowingIDs.span, list.slots.span)
        let bitWords = words.span
        for index in range {
            let slot = slots[index]
            let id: RecordID
            if slot >= 0 {
                id = ids[slot]
            } else if let row = RecordList.growingRow(slot) {
                id = growingIDs[row]
            } else {
                id = list.loose[~slot].id
            }
            let position = Self.bit(id, shift: shift)
            if bitWords[((position >> 6) << 1) + 1] & (1 << UInt64(position & 63)) != 0 { indices.append(index) }
        }
        return indices
    }
}

/// The ids on a shared bit and how many times each was seen: an open-addressed table of
/// at least twice as many places as ids, sized once, placing an id by a keyed mix of its
/// halves (`WordMix`), so that a hand-made file cannot choose ids that pile up. A place
/// holds an id and its count together, so that looking one up misses the cache once.
private struct SharedBitIDs {
    /// An id and how many times it was seen; 0 for an empty place.
    private struct Place {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var seen = 0
    }

    private var places: [Place]
    private let mask: Int

    /// A table for up to `capacity` different ids.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        mask = size - 1
        places = [Place](repeating: Place(), count: size)
    }

    /// How many times `id` was seen before, counting this time for the next.
    mutating func count(_ id: RecordID) -> Int {
        let mask = mask
        var index = Int(truncatingIfNeeded: WordMix.mix(id.high, id.low)) & mask
        var table = places.mutableSpan
        while true {
            let place = table[index]
            if place.seen == 0 {
                table[index] = Place(high: id.high, low: id.low, seen: 1)
                return 0
            }
            if place.high == id.high, place.low == id.low {
                table[index].seen = place.seen + 1
                return place.seen
            }
            index = (index + 1) & mask
        }
    }
}
