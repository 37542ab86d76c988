/// Tells whether a key was already seen in one dictionary: by searching the few
/// pairs so far, and through a set once there are many, so that a record with
/// any number of keys is checked in linear time, not quadratic.
struct RepeatedKeyCheck {
    /// Below this many pairs a search is cheaper than hashing.
    private static let searchLimit = 16
    private var keys: Set<String> = []

    /// Forgets the keys, for the next dictionary.
    mutating func reset() {
        if !keys.isEmpty { keys.removeAll(keepingCapacity: true) }
    }

    /// Notes `key`, about to be added to `pairs`; `false` when `pairs` already has it.
    mutating func insert(_ key: String, into pairs: [KeyedValue]) -> Bool {
        if pairs.count < Self.searchLimit { return !pairs.contains { $0.key == key } }
        if keys.isEmpty { keys = Set(pairs.lazy.map(\.key)) }
        return keys.insert(key).inserted
    }
}
