/// The keys of the records a session added, for `BaselineTable`: each key noted is appended
/// to a list, and the list is put into a hashed `RecordKeySet` only when the keys are first
/// asked about, in one pass into a table sized once.
///
/// A script's `new` notes one key a line, and nothing asks about them before its `save`
/// forgets them all: hashed as they came, each cost a probe into a table of megabytes (a cache
/// miss), and the table's doublings touched as many pages again as it ends with. Appended,
/// each costs a store at the end of a `ChunkedList`.
///
/// A value: the list is a `ChunkedList`, and the table a `Table` that only one value changes (a
/// change copies a shared one first). A look-up puts the keys of the list the table lacks
/// into it in place, which values sharing the table see too: they share that list as well,
/// since a value that adds keys copies the table first.
struct AddedKeys: Sequence {
    /// The hashed keys, and how many of the list's first keys they hold.
    private final class Table {
        var keys = RecordKeySet()
        /// How many of the list's first keys are in `keys`.
        var settled = 0

        init() {}

        /// A table holding what this one holds.
        func copy() -> Table {
            let copy = Table()
            copy.keys = keys
            copy.settled = settled
            return copy
        }

        /// Puts the keys of `list` from `settled` on into `keys`.
        func settle(_ list: ChunkedList<RecordKey>) {
            let count = list.count
            guard settled < count else { return }
            keys.reserveCapacity(keys.count + count - settled)
            list.forEach(from: settled) { keys.insert($0) }
            settled = count
        }
    }

    /// Keys added since the last removal, in the order they came (a key maybe twice); in
    /// chunks, since a script appends one a line.
    private var list = ChunkedList<RecordKey>()
    private var table = Table()
    /// How many keys `table` held after the last removal, when `list` was emptied.
    private var countBeforeList = 0

    /// No keys.
    init() {}

    /// Whether it holds no key.
    var isEmpty: Bool { list.isEmpty && countBeforeList == 0 }

    /// How many keys it holds.
    var count: Int { settled.count }

    /// Whether `key` is in it.
    func contains(_ key: RecordKey) -> Bool {
        settled.contains(key)
    }

    /// Adds `key` when it is not in it yet.
    mutating func insert(_ key: RecordKey) {
        if !isKnownUniquelyReferenced(&table) { table = table.copy() }
        list.append(key)
    }

    /// Removes `key` when it is in it.
    mutating func remove(_ key: RecordKey) {
        guard !isEmpty else { return }
        if !isKnownUniquelyReferenced(&table) { table = table.copy() }
        table.settle(list)
        table.keys.remove(key)
        table.settled = 0
        list.removeAll()
        countBeforeList = table.keys.count
    }

    /// The keys, in no particular order.
    func makeIterator() -> some IteratorProtocol<RecordKey> {
        settled.makeIterator()
    }

    /// Every key, hashed.
    private var settled: RecordKeySet {
        table.settle(list)
        return table.keys
    }
}
