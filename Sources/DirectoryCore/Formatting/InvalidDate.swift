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
        "'\(text)' is not a date; use YYYY-MM-DD, an ISO 8601 date-time such as "
            + "2026-05-01T14:30:00Z, 'today' or 'none'"
    }
}
