/// When to colour output (`--color`, or `color` in the config file).
public enum ColorChoice: String, Equatable, Sendable, CaseIterable {
    /// Colour when writing to a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
    case auto
    /// Always colour, even into a pipe or with `NO_COLOR` (an explicit choice wins, as no-color.org asks).
    case always
    /// Never colour.
    case never

    /// Whether to colour a stream.
    ///
    /// - Parameters:
    ///   - isTerminal: whether the stream is a terminal (`isatty`).
    ///   - environment: the process environment, for `NO_COLOR` and `TERM`.
    public func enabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            let term = environment["TERM"] ?? ""
            return isTerminal && !noColor && term != "dumb" && !term.isEmpty
        }
    }
}
