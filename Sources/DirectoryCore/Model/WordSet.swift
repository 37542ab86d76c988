/// A set of 64-bit words in one flat table (open addressing, linear probing): the first
/// pass of `RecordKey.numberOccurrences` puts every record's id in one on each load, where
/// `Set<UInt64>` would hash each with SipHash.
///
/// Words are random already (halves of random UUIDs), so a multiplicative hash spreads them.
struct WordSet {
    private var slots: [UInt64]
    private var hasZero = false
    private var count = 0

    /// A set with room for `capacity` words before it grows.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
    }

    /// Adds `word`; `false` when it was there already.
    mutating func insert(_ word: UInt64) -> Bool {
        if word == 0 {
            defer { hasZero = true }
            return !hasZero
        }
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
        while true {
            let slot = slots[index]
            if slot == word { return false }
            if slot == 0 {
                slots[index] = word
                count += 1
                return true
            }
            index = (index &+ 1) & mask
        }
    }

    /// Doubles the table, keeping every word.
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        count = 0
        for word in old where word != 0 { _ = insert(word) }
    }
}
