/// One entry of a list: a person in the directory, or a bucket-list item.
///
/// `values` holds one value per field of the list's `RecordSchema`, in the
/// schema's order. `extras` holds keys the schema does not know, exactly as
/// read, so that saving never drops what a newer app version wrote.
public struct Record: Equatable, Sendable {
    /// The record's identity, kept across edits and saves.
    public var id: RecordID
    /// One value per schema field, in schema order.
    public var values: [FieldValue]
    /// Keys the schema does not define, in file order.
    public var extras: [KeyedValue]
    /// Which of the records that share `id` this is, counted from 0 in file order
    /// (0 unless a file repeats an id): with `id`, it tells such records apart.
    /// It is not written to files.
    public var occurrence: Int = 0

    /// Creates a record.
    public init(id: RecordID, values: [FieldValue], extras: [KeyedValue] = []) {
        self.id = id
        self.values = values
        self.extras = extras
    }

    /// What tells this record apart from every other one in the session.
    public var key: RecordKey { RecordKey(id: id, occurrence: occurrence) }

    /// The value of field `index` of the schema.
    public subscript(field index: Int) -> FieldValue {
        get { values[index] }
        set { values[index] = newValue }
    }
}
