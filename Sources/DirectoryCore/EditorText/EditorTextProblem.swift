/// Why a line of the text from `editor` cannot be used, with its line number.
public struct EditorTextProblem: Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the line.
    public enum Reason: Error, Equatable, Sendable {
        /// The line has `found` columns; a record needs `fields` (a new one) or `fields + 1` (with its id).
        case columnCount(found: Int, fields: Int, names: [String])
        /// A date cell that is no date.
        case invalidDate(field: String, text: String)
        /// The id column holds text that is not an id.
        case malformedID(String)
        /// The id is not one of the records that were written.
        case unknownID(String)
        /// The id is on an earlier line too.
        case repeatedID(String, firstLine: Int)
        /// A backslash followed by something other than `\`, `t`, `n` or `r`.
        case unknownEscape(String)
        /// A backslash at the end of a cell.
        case trailingBackslash
        /// The header line was changed; it names the columns and must stay as written.
        case changedHeader(expected: String)
        /// A line one column short whose last value is an id: a tab was lost, not a new record.
        case missingTab(fields: Int, names: [String])
        /// The line's bytes are not UTF-8 (an editor that saved in another encoding).
        case notUTF8
        /// The file is empty (0 bytes): what an editor leaves when its save failed (a full
        /// disk), never taken to delete every record (found trying it).
        case emptyFile
    }

    /// The 1-based line number in the text.
    public var line: Int
    /// What is wrong.
    public var reason: Reason

    /// Creates a problem report.
    public init(line: Int, reason: Reason) {
        self.line = line
        self.reason = reason
    }

    /// `line 4: a date …`.
    public var description: String {
        "line \(line): " + explanation
    }

    private var explanation: String {
        switch reason {
        case .columnCount(let found, let fields, let names):
            return "\(found) \(found == 1 ? "column" : "columns"), but a record has \(fields + 1) "
                + "(\((names + ["id"]).joined(separator: ", "))) separated by tabs, or \(fields) for a new one "
                + "without an id"
        case .invalidDate(let field, let text):
            return "\(field) '\(text)' is not a date; use YYYY-MM-DD, an ISO 8601 date-time, or leave it empty"
        case .malformedID(let text):
            return "'\(text)' in the id column is not an id; leave the id of a new record out"
        case .unknownID(let text):
            return "the id \(text) is not one of the records being edited; leave the id of a new record out"
        case .repeatedID(let text, let first):
            return "the id \(text) is on line \(first) too; each record can appear once"
        case .unknownEscape(let escape):
            return "unknown escape \(escape); write \\\\ for a backslash, \\t for a tab, \\n for a line break"
        case .trailingBackslash:
            return "a backslash ends a value; write \\\\ for a backslash"
        case .changedHeader(let expected):
            return "the header line was changed; keep it as it was ("
                + expected.replacingOccurrences(of: "\t", with: ", ") + ", separated by tabs) or delete it"
        case .missingTab(let fields, let names):
            return "the last of its \(fields) columns is an id, so a tab is missing: a record has \(fields + 1) "
                + "(\((names + ["id"]).joined(separator: ", "))) separated by tabs"
        case .notUTF8:
            return "not UTF-8 text (the editor saved it in another encoding); save the file as UTF-8"
        case .emptyFile:
            return "the editor left the file empty (0 bytes), as a failed save does; to delete every record, "
                + "keep the header line and delete the others"
        }
    }
}

/// Every line of an edited text that cannot be used.
public struct EditorTextProblems: Error, Equatable, Sendable {
    /// The problems, in line order.
    public var problems: [EditorTextProblem]
}
