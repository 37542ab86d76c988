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
    fileprivate static let free = RecordKey(id: RecordID(high: 0, low: 0), occurrence: -1)

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
    fileprivate static func find(_ key: RecordKey, in table: Span<RecordKey>) -> (index: Int, found: Bool) {
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
    fileprivate static func home(of key: RecordKey, mask: Int) -> Int {
        Int(truncatingIfNeeded: key.hash(seed: mask)) & mask
    }

    /// Makes room for `capacity` keys in all, so that adding up to that many grows the table no more.
    mutating func reserveCapacity(_ capacity: Int) {
        var size = Swift.max(16, slots.count)
        while capacity * 8 > size * 7 { size *= 2 }
        if size > slots.count { rehash(into: size) }
    }

    /// Doubles the table and puts every key back.
    private mutating func grow() {
        rehash(into: Swift.max(16, slots.count * 2))
    }

    /// Puts every key into a new table of `size` slots.
    private mutating func rehash(into size: Int) {
        let old = slots
        slots = [RecordKey](repeating: Self.free, count: size)
        count = 0
        for key in old where key.occurrence >= 0 { insert(key) }
    }
}

/// A map from `RecordKey`s to values in one flat table, probed as `RecordKeySet` is: the
/// baseline's saved versions, which a merge of a whole list asks about every record, and
/// each record's position in an order (`OrderMerge.positions`). A key is placed by
/// `RecordKey.hash(seed:)` and probed in one array: a merge of a million records spent 190 M
/// fewer instructions on the baseline than with `Dictionary` (docs/performance.md). A removed
/// key keeps its slot until the table grows, so removing is a lookup and nothing moves.
struct RecordKeyMap<Value>: Sequence {
    /// The keys; a free slot holds `RecordKeySet.free`.
    private var slots: [RecordKey] = []
    /// The value of the key in the same slot; `nil` for a free slot or a removed key.
    private var values: [Value?] = []
    /// How many slots hold a key (with a value or removed).
    private var taken = 0
    /// How many keys have a value.
    private(set) var count = 0

    /// An empty map with room for `capacity` keys.
    init(minimumCapacity capacity: Int = 0) {
        reserveCapacity(capacity)
    }

    /// Whether no key has a value.
    var isEmpty: Bool { count == 0 }

    /// The value of `key`, or `nil`; setting `nil` removes it.
    subscript(key: RecordKey) -> Value? {
        get {
            guard count > 0 else { return nil }
            let (index, found) = RecordKeySet.find(key, in: slots.span)
            return found ? values[index] : nil
        }
        set {
            guard let newValue else {
                removeValue(forKey: key)
                return
            }
            if (taken + 1) * 8 > slots.count * 7 { grow(to: taken + 1) }
            let (index, found) = RecordKeySet.find(key, in: slots.span)
            if !found {
                slots[index] = key
                taken += 1
            }
            if values[index] == nil { count += 1 }
            values[index] = newValue
        }
    }

    /// Removes the value of `key`; returns it, or `nil` when it had none.
    @discardableResult
    mutating func removeValue(forKey key: RecordKey) -> Value? {
        guard count > 0 else { return nil }
        let (index, found) = RecordKeySet.find(key, in: slots.span)
        guard found, let old = values[index] else { return nil }
        values[index] = nil
        count -= 1
        return old
    }

    /// The keys that have a value, in no particular order.
    var keys: [RecordKey] { map(\.key) }

    /// Makes room for `capacity` keys.
    mutating func reserveCapacity(_ capacity: Int) {
        if capacity * 8 > slots.count * 7 { grow(to: capacity) }
    }

    /// The keys that have a value, with it, in no particular order.
    func makeIterator() -> some IteratorProtocol<(key: RecordKey, value: Value)> {
        zip(slots, values).lazy.compactMap { slot, value in value.map { (key: slot, value: $0) } }.makeIterator()
    }

    /// A table large enough for `needed` keys (at least twice the one now), with the keys
    /// that have a value put back and the removed ones dropped.
    private mutating func grow(to needed: Int) {
        var size = Swift.max(16, slots.count * 2)
        while needed * 8 > size * 7 { size *= 2 }
        let (oldSlots, oldValues) = (slots, values)
        slots = [RecordKey](repeating: RecordKeySet.free, count: size)
        values = [Value?](repeating: nil, count: size)
        taken = 0
        count = 0
        for (key, value) in zip(oldSlots, oldValues) {
            guard let value else { continue }
            let (index, _) = RecordKeySet.find(key, in: slots.span)
            slots[index] = key
            values[index] = value
            taken += 1
            count += 1
        }
    }
}
