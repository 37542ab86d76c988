/// Reads records of a kind from CSV whose first row names the columns.
///
/// Columns are matched to fields by name, ignoring case, spaces, `_` and `-`
/// (`Completed Date` is `completedDate`); an `id` column keeps records' ids;
/// other columns are ignored and said so. Dates are ISO 8601 or `YYYY-MM-DD`,
/// empty for none. A text whose `'` guards a formula (`CSVRecordWriter.isGuarded`: a
/// spreadsheet's way, and `export csv`'s) is read without it.
enum CSVRecordReader {
    /// What each column of the header holds.
    private enum Column {
        /// The record's id.
        case id
        /// The field at this index of the kind.
        case field(Int)
        /// A column the kind does not know.
        case ignored
    }

    /// The records in `bytes`, and the rows that could not be read.
    ///
    /// - Throws: when the header row is missing or unusable; then nothing can be read.
    static func read(
        _ bytes: [UInt8], kind: ListKind, separator: UInt8, environment: SessionEnvironment
    ) throws(FileFormatError) -> ImportResult {
        let rows = CSVParser.rows(of: bytes, separator: separator, interruption: environment.interruption)
        guard let header = rows.first else {
            throw FileFormatError(
                "the file is empty; expected a header row such as "
                    + (["id"] + kind.fieldNames).joined(separator: ","))
        }
        if let problem = header.problem { throw FileFormatError("line \(header.line) (the header row): \(problem)") }
        let columns = try Self.columns(of: header, kind: kind, separator: separator)
        var result = ImportResult()
        let missing = kind.fields.indices.filter { index in
            !columns.contains { if case .field(index) = $0 { true } else { false } }
        }.map { kind.fields[$0].name }
        for (column, name) in zip(columns, header.fields) {
            guard case .ignored = column, !name.isEmpty else { continue }
            let meant = Suggestion.closest(to: name, in: missing).map { " (did you mean '\($0)'?)" } ?? ""
            result.notes.append("the column '\(name)' was ignored\(meant)")
        }
        var poll = InterruptionPoll(environment.interruption)
        for row in rows.dropFirst() {
            if poll.shouldStop() { break }
            switch record(from: row, columns: columns, kind: kind, environment: environment) {
            case .success(let record): result.records.append(record)
            case .failure(let rejection): result.rejected.append(rejection)
            }
        }
        return result
    }

    /// The meaning of each header column; the kind's title field must be there.
    private static func columns(
        of header: CSVParser.Row, kind: ListKind, separator: UInt8
    ) throws(FileFormatError) -> [Column] {
        var columns: [Column] = []
        var seen = Set<String>()
        for name in header.fields {
            let key = normalized(name)
            guard !key.isEmpty else {
                columns.append(.ignored)
                continue
            }
            guard seen.insert(key).inserted else {
                throw FileFormatError("the column '\(name)' appears twice in the header row")
            }
            if key == "id" {
                columns.append(.id)
            } else if let index = kind.fields.firstIndex(where: { normalized($0.name) == key }) {
                columns.append(.field(index))
            } else {
                columns.append(.ignored)
            }
        }
        let title = kind.titleField
        guard columns.contains(where: { if case .field(title) = $0 { true } else { false } }) else {
            let hint =
                separator == UInt8(ascii: ",") && header.fields.contains(where: { $0.contains(";") })
                ? "; the header holds ';': try --separator ';'" : ""
            // The file's own columns first: the ones read alone would look as if the file had them.
            let found =
                header.fields.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
                + (header.fields.count > 8 ? ", …" : "")
            throw FileFormatError(
                "the header row has no '\(kind.fields[title].name)' column (it has \(found); the columns read: "
                    + (["id"] + kind.fieldNames).joined(separator: ", ") + ")" + hint)
        }
        return columns
    }

    /// The record in one row, or why it was rejected.
    private static func record(
        from row: CSVParser.Row, columns: [Column], kind: ListKind, environment: SessionEnvironment
    ) -> Result<Record, ImportRejection> {
        let location = "line \(row.line)"
        if let problem = row.problem { return .failure(ImportRejection(location: location, reason: problem)) }
        guard row.fields.count == columns.count else {
            let reason =
                "\(row.fields.count) \(row.fields.count == 1 ? "field" : "fields"), expected \(columns.count) as in the header row"
            return .failure(ImportRejection(location: location, reason: reason))
        }
        var id: RecordID?
        var values = kind.defaultValues
        for (column, text) in zip(columns, row.fields) {
            switch column {
            case .ignored:
                continue
            case .id:
                guard !text.isEmpty else { continue }
                guard let parsed = RecordID(text) else {
                    return .failure(ImportRejection(location: location, reason: "the id '\(text)' is not a UUID"))
                }
                id = parsed
            case .field(let index):
                switch kind.fields[index].type {
                case .text:
                    // Our own export's guard before a formula (`CSVRecordWriter.isGuarded`).
                    let guarded =
                        text.utf8.first == CSVRecordWriter.guardMark
                        && CSVRecordWriter.isGuarded(text.utf8.dropFirst())
                    values[index] = .text(guarded ? String(decoding: text.utf8.dropFirst(), as: UTF8.self) : text)
                case .date(let unset):
                    guard !text.isEmpty else { continue }
                    let seconds: Double?
                    do {
                        seconds = try DateText.read(text, now: environment.now(), utcOffset: environment.utcOffset)
                    } catch {
                        let reason = "\(kind.fields[index].name) '\(text)' is not a date (use YYYY-MM-DD or ISO 8601)"
                        return .failure(ImportRejection(location: location, reason: reason))
                    }
                    values[index] = .date(seconds ?? unset)
                }
            }
        }
        return .success(Record(id: id ?? environment.makeID(), values: values))
    }

    /// A column name as compared with field names: lower case, without spaces, `_` and `-`.
    static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" && $0 != "\t" })
    }
}
