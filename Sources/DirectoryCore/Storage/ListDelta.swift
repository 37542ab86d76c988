/// What others saved to a list since a known version, as a store that tracks each write
/// can tell it without reading the whole list (a database): the rows written since, in
/// list order with the row each follows, and the ids deleted since.
public struct ListDelta: Equatable, Sendable {
    /// A record added or changed since, and the id of the record before it in the list (`nil`: first).
    public struct Row: Equatable, Sendable {
        /// The record as saved now.
        public var record: Record
        /// The record it follows in the list's order.
        public var after: RecordID?

        /// Creates a row.
        public init(record: Record, after: RecordID?) {
            self.record = record
            self.after = after
        }
    }

    /// The records written since, in list order.
    public var rows: [Row]
    /// The ids of records deleted since (and not written again).
    public var deleted: [RecordID]
    /// The list's version now.
    public var version: ListVersion

    /// At most this many rows are merged from a delta; a store need not read more, and a
    /// bigger change reads the whole list.
    public static var mergeLimit: Int { 10_000 }

    /// Creates a delta.
    public init(rows: [Row], deleted: [RecordID], version: ListVersion) {
        self.rows = rows
        self.deleted = deleted
        self.version = version
    }
}
