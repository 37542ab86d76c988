/// Text that `DateText.read` found no date in: the formatting layer's error, which the
/// layers above report as it is or word in their own terms.
public struct InvalidDate: Error, Equatable, Sendable {
    /// The text as typed.
    public let text: String

    /// Creates the error for `text`.
    public init(text: String) {
        self.text = text
    }

    /// The message for the user, which names the forms a date may take.
    public var message: String {
        "'\(text)' is not a date\(reason.map { ": " + $0 } ?? ""); use YYYY-MM-DD, an ISO 8601 date-time such as "
            + "2026-05-01T14:30:00Z, 'today' or 'none'"
    }

    /// Why text in the form of a date is none: `February 2026 has 28 days`, `there is no month 13`;
    /// `nil` for text in no date's form.
    public var reason: String? {
        guard let parts = ISODateParts(text), DateText.daysFromCivil(parts.year, parts.month, parts.day) == nil
        else { return nil }
        guard (1...12).contains(parts.month) else { return "there is no month \(parts.month)" }
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        let days = (28...31).last { DateText.daysFromCivil(parts.year, parts.month, $0) != nil } ?? 28
        return "\(names[parts.month - 1]) \(parts.year) has \(days) days"
    }
}
