/// One entry of a list: a person in the directory, or a bucket-list item.
///
/// `values` holds one value per field of the list's `ListKind`, in the
/// kind's order. `extras` holds keys the kind does not know, exactly as
/// read, so that saving never drops what a newer app version wrote.
public struct Record: Equatable, Sendable {
    /// The record's identity, kept across edits and saves.
    public var id: RecordID
    /// One value per kind field, in kind order.
    public var values: [FieldValue]
    /// Keys the kind does not define, in file order.
    public var extras: [KeyedValue]
    /// Which of the records that share `id` this is, counted from 0 in file order
    /// (0 unless a file repeats an id): with `id`, it tells such records apart.
    /// It is not written to files.
    public var occurrence: Int = 0
    /// The order of the record's keys in the file it was read from, or `nil` for a record
    /// made here, which a save writes in the order the file's other records use. It is
    /// not part of the record's value: two records that differ only in it are equal.
    public var keyOrder: KeyOrder?

    /// Creates a record.
    public init(id: RecordID, values: [FieldValue], extras: [KeyedValue] = [], keyOrder: KeyOrder? = nil) {
        self.id = id
        self.values = values
        self.extras = extras
        self.keyOrder = keyOrder
    }

    /// Whether two records hold the same id, occurrence, values and extras (the order of
    /// their keys in a file aside).
    public static func == (left: Record, right: Record) -> Bool {
        left.id == right.id && left.occurrence == right.occurrence && left.values == right.values
            && left.extras == right.extras
    }

    /// What tells this record apart from every other one in the session.
    public var key: RecordKey { RecordKey(id: id, occurrence: occurrence) }

    /// The value of field `index` of the kind.
    public subscript(field index: Int) -> FieldValue {
        get { values[index] }
        set { values[index] = newValue }
    }
}
