/// Reads one record line of the text from `editor` into an `EditorPlan.Line`.
struct EditorLineReader {
    let kind: ListKind
    let now: Double
    let utcOffset: (Double) -> Int

    /// The line as an existing record (with its id) or a new one, or why it cannot be read.
    func read(_ line: Substring, written: [RecordID: Record]) -> Result<EditorPlan.Line, EditorTextProblem.Reason> {
        let cells = line.unicodeScalars.split(separator: "\t", omittingEmptySubsequences: false).map(Substring.init)
        let fields = kind.fields.count
        guard cells.count == fields || cells.count == fields + 1 else {
            return .failure(.columnCount(found: cells.count, fields: fields, names: kind.fieldNames))
        }
        // One column short with an id last is a line that lost a tab, not a new record.
        if cells.count == fields, let last = cells.last, RecordID(String(last).trimmingSpaces) != nil {
            return .failure(.missingTab(fields: fields, names: kind.fieldNames))
        }
        var original: Record?
        if cells.count == fields + 1, !cells[fields].isEmpty {
            let text = String(cells[fields])
            guard let id = RecordID(text.trimmingSpaces) else { return .failure(.malformedID(text)) }
            guard let record = written[id] else { return .failure(.unknownID(text)) }
            original = record
        }
        var values: [FieldValue] = []
        values.reserveCapacity(fields)
        for (index, field) in kind.fields.enumerated() {
            if let original, cells[index] == EditorText.cell(original.values[index], field: field) {
                values.append(original.values[index])
                continue
            }
            switch value(of: cells[index], field: field) {
            case .success(let value): values.append(value)
            case .failure(let reason): return .failure(reason)
            }
        }
        if let original { return .success(.existing(original.id, values)) }
        return .success(.new(values))
    }

    /// The value a changed cell gives `field`.
    private func value(of cell: Substring, field: Field) -> Result<FieldValue, EditorTextProblem.Reason> {
        switch field.type {
        case .text:
            return EditorText.unescaped(cell).map { FieldValue.text($0) }
        case .date(let unset):
            let text = String(cell).trimmingSpaces
            if text.isEmpty { return .success(.date(unset)) }
            do {
                return .success(.date(try DateText.read(text, now: now, utcOffset: utcOffset) ?? unset))
            } catch {
                return .failure(.invalidDate(field: field.name, text: text))
            }
        }
    }
}

extension String {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
