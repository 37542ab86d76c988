/// What a save changes compared with the saved list: the records added (with the
/// record each follows, to keep the order), changed and deleted. A store that can
/// write records one at a time (a database) sends only these; a file store writes
/// the whole list.
public struct ListChanges: Equatable, Sendable {
    /// A record new to the saved list and the id of the record just before it in the
    /// session's list (`nil` when it comes first).
    public struct Addition: Equatable, Sendable {
        /// The new record.
        public var record: Record
        /// The record it follows.
        public var after: RecordID?

        /// Creates an addition.
        public init(record: Record, after: RecordID?) {
            self.record = record
            self.after = after
        }
    }

    /// Records to add, in list order.
    public var added: [Addition]
    /// Records whose values or unknown keys changed, as they are now.
    public var changed: [Record]
    /// Ids of records to delete.
    public var deleted: [RecordID]
    /// Every record's id in list order, when this session reordered the list (`move`,
    /// `sort`, `editor`); `nil` when the order is the saved one plus the additions.
    public var order: [RecordID]?

    /// Creates a change set.
    public init(added: [Addition] = [], changed: [Record] = [], deleted: [RecordID] = [], order: [RecordID]? = nil) {
        self.added = added
        self.changed = changed
        self.deleted = deleted
        self.order = order
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { added.isEmpty && changed.isEmpty && deleted.isEmpty && order == nil }
}
