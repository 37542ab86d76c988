/// What reading an import file produced: the records that could be read and
/// where and why the others were rejected.
public struct ImportResult: Equatable, Sendable {
    /// The records read, in file order. Ids come from the file where it has them.
    public var records: [Record]
    /// The records that could not be read, in file order.
    public var rejected: [ImportRejection]
    /// Notes about the file as a whole that are no reason to reject it ("the column 'email' was ignored").
    public var notes: [String]

    /// Creates a result.
    public init(records: [Record] = [], rejected: [ImportRejection] = [], notes: [String] = []) {
        self.records = records
        self.rejected = rejected
        self.notes = notes
    }

    /// How many records the file held, read or rejected.
    public var total: Int { records.count + rejected.count }
}

/// One record of an import file that could not be read.
public struct ImportRejection: Error, Equatable, Sendable {
    /// Where it is: "line 4", "record 3", "card 2 (line 9)".
    public var location: String
    /// Why it was rejected, lower-case: "3 fields, expected 2 as in the header".
    public var reason: String

    /// Creates a rejection.
    public init(location: String, reason: String) {
        self.location = location
        self.reason = reason
    }

    /// `line 4: 3 fields, expected 2 as in the header`.
    public var description: String { location + ": " + reason }
}
