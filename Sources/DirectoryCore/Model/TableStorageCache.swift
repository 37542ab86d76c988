import Synchronization

/// A table's values laid out row after row, as `RecordTable.withStorage` gives them, for a
/// table whose rows share texts (`SharedTexts`): made the first time a scan over every row
/// asks for them (a JSON save of a list read from a binary property list; the search index
/// folds each shared text itself, `CaseFoldedIndex.foldSharing`), then kept for the table's life.
final class TableStorageCache: Sendable {
    /// Every value's bytes, row after row, and where each starts (and the last ends).
    struct Storage: Sendable {
        var bytes: [UInt8] = []
        var starts: [UInt32] = [0]
    }

    private let made = Mutex<Storage?>(nil)

    /// An empty cache.
    init() {}

    /// The values of `table` row after row, made on first use.
    func storage(of table: RecordTable) -> Storage {
        made.withLock { made in
            if let storage = made { return storage }
            var storage = Storage()
            storage.starts.reserveCapacity(table.count &* table.fieldCount &+ 1)
            for row in 0..<table.count {
                for field in 0..<table.fieldCount {
                    table.withValueBytes(row: row, field: field) { value in
                        // The bytes are read during the call only.
                        unsafe value.withUnsafeBufferPointer { unsafe storage.bytes.append(contentsOf: $0) }
                    }
                    storage.starts.append(UInt32(truncatingIfNeeded: storage.bytes.count))
                }
            }
            made = storage
            return storage
        }
    }
}
