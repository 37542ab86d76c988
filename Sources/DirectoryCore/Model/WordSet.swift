/// A set of 64-bit words sized for an expected number of insertions: open
/// addressing with linear probing over one flat array, hashed with `WordMix`.
///
/// `RecordKey.numberOccurrences` inserts one word per record on every load; this does
/// it without a `Hasher` or a resize per insertion.
struct WordSet {
    /// The words; `WordSet.empty` marks a free slot.
    private var slots: [UInt64]
    private var mask: Int
    private var seed: UInt64
    /// How many slots hold a word.
    private var filled = 0
    /// Whether the word that marks a free slot was inserted.
    private var hasEmptyWord = false

    private static let empty: UInt64 = 0

    /// A set with room for `capacity` words, at most half full.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: Self.empty, count: size)
        mask = size - 1
        seed = UInt64(truncatingIfNeeded: size)
    }

    /// Inserts `word`; returns whether it was not there yet.
    mutating func insert(_ word: UInt64) -> Bool {
        if word == Self.empty {
            defer { hasEmptyWord = true }
            return !hasEmptyWord
        }
        if filled * 2 >= slots.count { grow() }
        var index = Int(truncatingIfNeeded: WordMix.mix(word, word >> 32, seed: seed)) & mask
        return slots.withUnsafeMutableBufferPointer { slots in
            while true {
                let found = slots[index]
                if found == word { return false }
                if found == Self.empty {
                    slots[index] = word
                    filled += 1
                    return true
                }
                index = (index + 1) & mask
            }
        }
    }

    /// Whether `word` was inserted.
    func contains(_ word: UInt64) -> Bool {
        if word == Self.empty { return hasEmptyWord }
        var index = Int(truncatingIfNeeded: WordMix.mix(word, word >> 32, seed: seed)) & mask
        while true {
            let found = slots[index]
            if found == word { return true }
            if found == Self.empty { return false }
            index = (index + 1) & mask
        }
    }

    /// Doubles the table when more words came than it was sized for.
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: Self.empty, count: old.count * 2)
        mask = slots.count - 1
        seed = UInt64(truncatingIfNeeded: slots.count)
        filled = 0
        for word in old where word != Self.empty { _ = insert(word) }
    }
}
