/// A number with its noun, in the singular for one: "1 record", "3 records", "0 records".
/// Messages that count something say it through here, so none reads "1 records".
public enum Counted {
    /// `number` and `singular`, or `plural` (by default `singular` and an "s") for any
    /// number but one.
    public static func text(_ number: some BinaryInteger, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }
}
