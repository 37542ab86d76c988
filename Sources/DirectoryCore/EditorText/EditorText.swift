/// The list as text for `editor`: a header line naming the columns, then one record a
/// line with its values separated by tabs, the kind's fields in order and the id last.
/// Tabs, line breaks and backslashes inside values are written `\t`, `\n` (`\r`) and `\\`.
///
/// Dates are written as ISO 8601 instants in UTC, and an unset date as an empty cell.
public enum EditorText {
    /// The header line: the field names and `id`, separated by tabs.
    public static func header(for kind: ListKind) -> String {
        (kind.fieldNames + ["id"]).joined(separator: "\t")
    }

    /// The whole text for `records`: the header, then one line each, every line ending in a line break.
    public static func write(_ records: [Record], kind: ListKind) -> String {
        var text = header(for: kind) + "\n"
        for record in records {
            text += line(for: record, kind: kind) + "\n"
        }
        return text
    }

    /// The bytes an editor saved, as text: a UTF-8 byte order mark at the start (which some
    /// editors add) is dropped, and the lines that are not UTF-8 are reported by number rather
    /// than read with replacement characters.
    public static func read(_ bytes: [UInt8]) -> Result<String, EditorTextProblems> {
        guard !bytes.isEmpty else {
            return .failure(EditorTextProblems(problems: [EditorTextProblem(line: 1, reason: .emptyFile)]))
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return .success(text) }
        var problems: [EditorTextProblem] = []
        for (offset, line) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where String(validating: line, as: UTF8.self) == nil {
            problems.append(EditorTextProblem(line: offset + 1, reason: .notUTF8))
        }
        return .failure(EditorTextProblems(problems: problems))
    }

    /// One record's line, without its line break.
    public static func line(for record: Record, kind: ListKind) -> String {
        let cells = kind.fields.indices.map { cell(record.values[$0], field: kind.fields[$0]) }
        return (cells + [record.id.description]).joined(separator: "\t")
    }

    /// A value as its cell: escaped text, or an ISO 8601 date (empty when unset).
    public static func cell(_ value: FieldValue, field: Field) -> String {
        switch value {
        case .text(let text):
            return escaped(text)
        case .date(let seconds):
            if case .date(let unset) = field.type, seconds == unset { return "" }
            return DateText.exact(seconds)
        }
    }

    /// `text` with `\`, tab, line feed and carriage return written as escapes.
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
            return text
        }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The text a cell stands for, its escapes undone; fails on an unknown escape or a
    /// backslash at the end.
    static func unescaped(_ cell: Substring) -> Result<String, EditorTextProblem.Reason> {
        guard cell.utf8.contains(0x5C) else { return .success(String(cell)) }
        var result = ""
        var scalars = cell.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.next() {
            case "\\": result += "\\"
            case "t": result += "\t"
            case "n": result += "\n"
            case "r": result += "\r"
            case let other?: return .failure(.unknownEscape("\\" + String(Character(other))))
            case nil: return .failure(.trailingBackslash)
            }
        }
        return .success(result)
    }
}
