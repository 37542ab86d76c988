import Synchronization

/// Where a `RecordTable` keeps its `FoldedIndex` once a search has built it. The table
/// never changes, so the index is built at most once and shared by every copy of the
/// list, by `find` and by Tab completion, from any thread.
final class FoldedIndexCache: Sendable {
    private let built = Mutex<FoldedIndex??>(nil)

    /// An empty cache.
    init() {}

    /// The index of `table`, built on first use (`nil` when the table cannot have one).
    func index(of table: RecordTable) -> FoldedIndex? {
        built.withLock { built in
            if let index = built { return index }
            let index = FoldedIndex(table)
            built = .some(index)
            return index
        }
    }
}
