/// A set of `RecordKey`s in one flat table (open addressing, linear probing), up to
/// seven eighths full: the keys of the records a session added (`BaselineTable`).
///
/// A script that adds 100,000 people notes each one here; `Set` would rehash them all
/// into a table twice as large just past 98,304 keys, and hash through `Hasher`.
struct RecordKeySet: Sequence {
    /// The table; a free slot holds `free`.
    private var slots: [RecordKey] = []
    /// How many keys are in it.
    private(set) var count = 0

    /// What marks a free slot: occurrences count from 0.
    private static let free = RecordKey(id: RecordID(high: 0, low: 0), occurrence: -1)

    /// Whether it holds no key.
    var isEmpty: Bool { count == 0 }

    /// Whether `key` is in it.
    func contains(_ key: RecordKey) -> Bool {
        guard count > 0 else { return false }
        return Self.find(key, in: slots.span).found
    }

    /// Adds `key` when it is not in it yet.
    mutating func insert(_ key: RecordKey) {
        if (count + 1) * 8 > slots.count * 7 { grow() }
        let (index, found) = Self.find(key, in: slots.span)
        guard !found else { return }
        slots[index] = key
        count += 1
    }

    /// Removes `key` when it is in it, moving back the keys that probed past its slot.
    mutating func remove(_ key: RecordKey) {
        guard count > 0 else { return }
        var (hole, found) = Self.find(key, in: slots.span)
        guard found else { return }
        var table = slots.mutableSpan
        let mask = table.count - 1
        var next = hole
        while true {
            next = (next + 1) & mask
            guard table[next].occurrence >= 0 else { break }
            let home = Self.home(of: table[next], mask: mask)
            // The key at `next` may fill the hole only if its home is not between the hole and it.
            let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !stays {
                table[hole] = table[next]
                hole = next
            }
        }
        table[hole] = Self.free
        count -= 1
    }

    /// The keys, in no particular order.
    func makeIterator() -> some IteratorProtocol<RecordKey> {
        slots.lazy.filter { $0.occurrence >= 0 }.makeIterator()
    }

    /// Where `key` is, or the free slot where it would go.
    private static func find(_ key: RecordKey, in table: Span<RecordKey>) -> (index: Int, found: Bool) {
        let mask = table.count - 1
        var index = home(of: key, mask: mask)
        while true {
            let slot = table[index]
            if slot.occurrence < 0 { return (index, false) }
            if slot == key { return (index, true) }
            index = (index + 1) & mask
        }
    }

    /// The slot where the search for `key` starts.
    private static func home(of key: RecordKey, mask: Int) -> Int {
        Int(truncatingIfNeeded: key.hash(seed: mask)) & mask
    }

    /// Doubles the table and puts every key back.
    private mutating func grow() {
        let old = slots
        slots = [RecordKey](repeating: Self.free, count: Swift.max(16, old.count * 2))
        count = 0
        for key in old where key.occurrence >= 0 { insert(key) }
    }
}
