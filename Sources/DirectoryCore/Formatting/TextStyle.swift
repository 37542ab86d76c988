/// The one place that decides how text is coloured on a terminal: the roles a
/// piece of output can have, and the ANSI SGR codes each role gets.
///
/// Only tables and `show` are styled, never JSON or CSV; a front end turns
/// styling on only for a terminal (`--color`, `NO_COLOR`, `TERM=dumb`).
public struct TextStyle: Equatable, Sendable {
    /// What a piece of text is.
    public enum Role: Sendable {
        /// Record numbers in a listing: dim, so the names stand out.
        case number
        /// Field names in `show`, and its `person 1` heading: bold.
        case key
        /// The `directory: line 3:` prefix of an error: bold red.
        case error
        /// The `directory:` prefix of a warning: yellow.
        case warning
    }

    /// Whether any escape codes are written.
    public let enabled: Bool

    /// Styling on or off.
    public init(enabled: Bool) {
        self.enabled = enabled
    }

    /// No escape codes at all.
    public static let plain = TextStyle(enabled: false)
    /// ANSI colours and weights.
    public static let ansi = TextStyle(enabled: true)

    /// `text` wrapped in the codes for `role`, or unchanged when styling is off or `text` is empty.
    public func apply(_ role: Role, to text: String) -> String {
        guard enabled, !text.isEmpty else { return text }
        return "\u{1B}[" + Self.code(for: role) + "m" + text + "\u{1B}[0m"
    }

    /// The SGR parameters of a role.
    private static func code(for role: Role) -> String {
        switch role {
        case .number: return "2"
        case .key: return "1"
        case .error: return "1;31"
        case .warning: return "33"
        }
    }
}
