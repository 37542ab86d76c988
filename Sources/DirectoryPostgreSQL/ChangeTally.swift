/// What a link knows between counts of others' changes: whether something happened that
/// the server must be asked about (a notification, a new connection that may have missed
/// some), and the last count. Kept apart from the connection so that the rule — ask only
/// when something happened, never once per write — is tested without a server.
struct ChangeTally {
    /// Whether others may have written the list since the last count.
    var heard = false
    /// The last count of records others changed, and the version it was counted since.
    private(set) var counted: (since: Int64, records: Int)?

    /// The last count told, or 0.
    var last: Int { counted?.records ?? 0 }

    /// The number of records others changed since `known`, when it is known without asking
    /// the server: nothing heard since the list was read or written (0), or since a count
    /// from the same version. `nil`: ask.
    func answer(since known: Int64) -> Int? {
        guard !heard else { return nil }
        guard let counted else { return 0 }
        return counted.since == known ? counted.records : nil
    }

    /// Notes a notification's payload (`SCHEMA.TABLE COUNT NONCE`) when it is about `table`
    /// (`SCHEMA.TABLE`): how many rows it wrote does not matter, the count is asked by record.
    mutating func hear(_ payload: String, about table: String) {
        if payload.split(separator: " ").first.map(String.init) == table { heard = true }
    }

    /// Keeps the server's count of `records` since `known`.
    mutating func note(_ records: Int, since known: Int64) {
        heard = false
        counted = (known, records)
    }

    /// Forgets the count: the list was just read or written, so it holds what was counted.
    mutating func forget() {
        heard = false
        counted = nil
    }
}
