/// Where the interactive history is kept and how long it is, from the environment:
/// `DIRECTORY_HISTORY` (a path, `/dev/null` to keep none; default
/// `$XDG_STATE_HOME/directory/history`) and `DIRECTORY_HISTSIZE` (default 1000).
public struct HistorySettings: Equatable, Sendable {
    /// The number of lines kept when `DIRECTORY_HISTSIZE` is unset or not a number.
    public static let defaultSize = 1000

    /// The history file, or `nil` when history is not written.
    public var path: String?
    /// How many lines are kept; 0 keeps none, not even for this session.
    public var size: Int
    /// Why the history file named in the environment is not used, or `nil`.
    public var problem: String?

    /// Settings from the environment.
    public init(environment: [String: String], paths: DataPaths) {
        let sizeText = environment["DIRECTORY_HISTSIZE"] ?? ""
        size = Int(sizeText.filter { $0 != " " }).map { max($0, 0) } ?? Self.defaultSize
        if let override = environment["DIRECTORY_HISTORY"], !override.isEmpty {
            path = override == "/dev/null" ? nil : paths.expandingTilde(override)
            if let chosen = path, !chosen.hasPrefix("/") {
                // Relative to which folder? The one the program happens to start in is no answer.
                problem =
                    "DIRECTORY_HISTORY must be an absolute path or start with ~/, not '\(override)'; "
                    + "history will not be kept this session"
                path = nil
            }
        } else {
            path = paths.stateFolder + "/history"
        }
        if size == 0 { path = nil }
    }

    /// Whether a line is kept in history: not empty, and not starting with a space
    /// (the way to keep a line out of it).
    public static func keeps(_ line: String) -> Bool {
        guard let first = line.first else { return false }
        return first != " " && first != "\t" && line.contains { $0 != " " && $0 != "\t" }
    }
}
