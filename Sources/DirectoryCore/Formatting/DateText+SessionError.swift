/// The date reader as the session calls it today, with the session's error.
///
/// To go once `Session+Editing` calls `DateText.read(_:now:utcOffset:)` itself: formatting
/// does not depend on the session's error type.
extension DateText {
    /// `read(_:now:utcOffset:)`, with its error as `SessionError.invalidDate`.
    static func parse(
        _ text: String, now: Double, utcOffset: (Double) -> Int
    ) -> Result<Double?, SessionError> {
        do throws(InvalidDate) {
            return .success(try read(text, now: now, utcOffset: utcOffset))
        } catch {
            return .failure(.invalidDate(error.text))
        }
    }
}
