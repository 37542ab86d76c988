/// How `list`, `find` and `show` print records (`--format`).
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned columns for people to read.
    case table
    /// A JSON array of objects, for programs.
    case json
    /// RFC 4180 CSV with a header row, for spreadsheets.
    case csv
}
