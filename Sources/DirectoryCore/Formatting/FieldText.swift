/// How field values read on screen: text with control characters made
/// visible (`VisibleText`), dates as a completion mark and a local date.
public struct FieldText {
    /// The kind of the records.
    public let kind: ListKind
    /// The local time zone's offset at an instant.
    public let utcOffset: (Double) -> Int

    /// Creates a formatter.
    public init(kind: ListKind, utcOffset: @escaping (Double) -> Int) {
        self.kind = kind
        self.utcOffset = utcOffset
    }

    /// The value as a table cell: `Briggs 413`, `✓ 2023-01-21`, or empty for no date.
    public func cell(_ value: FieldValue, field: Int) -> String {
        switch value {
        case .text(let text):
            return VisibleText.of(text)
        case .date(let seconds):
            if case .date(let unset) = kind.fields[field].type, seconds == unset { return "" }
            return "✓ " + DateText.localDate(seconds, utcOffset: utcOffset(seconds))
        }
    }

    /// The value as `show` and `changes` print it: quoted text, ISO dates, `none`.
    public func quoted(_ value: FieldValue) -> String {
        switch value {
        case .text(let text): return "\"" + VisibleText.of(text) + "\""
        case .date(let seconds) where seconds == ListKind.distantPast: return "none"
        case .date(let seconds): return DateText.iso8601(seconds)
        }
    }

    /// The record's name, or `(unnamed person)`.
    public func title(of record: Record) -> String {
        let name = record.values[kind.titleField].text ?? ""
        return name.isEmpty ? "(unnamed \(kind.noun))" : VisibleText.of(name)
    }

    /// The listed fields joined: `Joe Gregg, Briggs 413`.
    public func summary(of record: Record) -> String {
        let cells = kind.listColumns.map { cell(record.values[$0], field: $0) }.filter { !$0.isEmpty }
        return cells.isEmpty ? title(of: record) : cells.joined(separator: ", ")
    }
}
