/// The value of one kind field of a record.
public enum FieldValue: Equatable, Sendable {
    /// Text, for fields such as `name`, `office` and `note`.
    case text(String)
    /// A date as seconds since 2001-01-01T00:00:00Z, the reference date of
    /// Foundation's `Date` and of the apps' files.
    case date(Double)

    /// The text, or `nil` for a date.
    public var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The date's seconds since 2001, or `nil` for text.
    public var date: Double? {
        if case .date(let value) = self { return value }
        return nil
    }
}
