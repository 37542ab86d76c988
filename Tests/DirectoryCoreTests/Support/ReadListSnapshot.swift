@testable import DirectoryCore

/// What a reader made of a file, made comparable: the kind, the records in order, which row of
/// the table each is, and the table itself (ids, values' bytes laid out row after row and where
/// each starts, as `RecordTable.withStorage` gives them whether the rows keep a shared text
/// by object or its bytes, key orders). Tests that read a file two ways (in parts or runs,
/// and on one thread) compare these.
struct ReadListSnapshot: Equatable {
    var kind = ""
    var records = ""
    var tableRows: [Int?] = []
    var ids: [RecordID] = []
    var starts: [UInt32] = []
    var bytes: [UInt8] = []
    var keyOrders: [KeyOrder?] = []
    var rowOrders: [UInt8] = []

    /// Nothing read.
    init() {}

    /// The list `list` of `kind`, as a reader's builder finished it.
    init(kind: ListKind, list: RecordList) {
        self.kind = kind.noun
        records = String(reflecting: list.array)
        tableRows = list.indices.map { list.tableRow(at: $0) }
        if let table = list.table {
            ids = table.ids
            (bytes, starts) = table.withStorage { bytes, starts in
                // Copied out during the call only.
                (
                    unsafe bytes.withUnsafeBufferPointer { unsafe Array($0) },
                    unsafe starts.withUnsafeBufferPointer { unsafe Array($0) }
                )
            }
            keyOrders = table.keyOrders
            rowOrders = table.rowOrders
        }
    }
}
