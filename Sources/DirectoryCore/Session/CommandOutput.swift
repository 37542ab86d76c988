/// What a command produced, for the front end to print.
public enum CommandOutput: Equatable, Sendable {
    /// Nothing to print.
    case nothing
    /// A confirmation ("Saved 4 people to directory.plist."): shown at the
    /// interactive prompt, kept quiet in scripts.
    case feedback(String)
    /// Text that is the command's result (help, changes): always printed.
    case text(String)
    /// Records to print as a table, JSON or CSV (list, find, show). Boxed: a listing
    /// carries its kind, and every other output (a script's every line) would be
    /// copied at its size.
    indirect case records(RecordListing)
    /// Something to say on the error stream even though the command succeeded.
    case warning(String)
    /// The session should end.
    case quit
    /// A file's text written to standard output as it is (`export csv -`).
    case exported(String)
}

/// Numbered records for output, with what is needed to print them.
public struct RecordListing: Equatable, Sendable {
    /// One record with its number in `list`.
    public struct Row: Equatable, Sendable {
        /// The 1-based number in the whole list.
        public var number: Int
        /// The record.
        public var record: Record

        /// Creates a row.
        public init(number: Int, record: Record) {
            self.number = number
            self.record = record
        }
    }

    /// The kind of the records.
    public var kind: ListKind
    /// The records the rows are taken from (shared with the session, not copied).
    let records: RecordList
    /// Which of `records` are listed, in order.
    let positions: [Int]
    /// The number each listed record is shown with.
    let numbers: [Int]
    /// What to print when there are no rows.
    public var emptyMessage: String
    /// Whether to print every field, one per line (`show`), rather than a table row per record.
    public var detailed: Bool

    /// Creates a listing.
    public init(kind: ListKind, rows: [Row], emptyMessage: String, detailed: Bool = false) {
        self.kind = kind
        self.records = RecordList(rows.map(\.record))
        self.positions = Array(rows.indices)
        self.numbers = rows.map(\.number)
        self.emptyMessage = emptyMessage
        self.detailed = detailed
    }

    /// A listing of `records` at `indices`, numbered from 1 as in the whole list; no
    /// record is made until something reads `rows`.
    init(kind: ListKind, records: RecordList, indices: [Int], emptyMessage: String, detailed: Bool = false) {
        self.kind = kind
        self.records = records
        self.positions = indices
        self.numbers = indices.map { $0 + 1 }
        self.emptyMessage = emptyMessage
        self.detailed = detailed
    }

    /// A listing of `records` at `positions`, shown with `numbers`: rows built from part of
    /// a list (a one-shot `find`, `JSONFindScan`), numbered as in the whole list.
    init(
        kind: ListKind, records: RecordList, positions: [Int], numbers: [Int], emptyMessage: String
    ) {
        self.kind = kind
        self.records = records
        self.positions = positions
        self.numbers = numbers
        self.emptyMessage = emptyMessage
        self.detailed = false
    }

    /// The rows, in list order.
    public var rows: [Row] {
        zip(numbers, positions).map { Row(number: $0, record: records[$1]) }
    }

    /// Whether both list the same records with the same numbers, alike.
    public static func == (left: RecordListing, right: RecordListing) -> Bool {
        left.kind == right.kind && left.emptyMessage == right.emptyMessage && left.detailed == right.detailed
            && left.numbers == right.numbers && left.rows == right.rows
    }
}
