/// Turns a `RecordListing` into text in an `OutputFormat`.
public struct RecordRenderer {
    /// The format to print in (`format` changes it at the prompt).
    public var format: OutputFormat
    /// The local time zone's offset at an instant, for dates in tables.
    public let utcOffset: (Double) -> Int
    /// How tables and `show` are coloured; JSON and CSV are never styled.
    public var style = TextStyle.plain
    /// Whether the text goes to a terminal: CSV, which holds values raw, then has its
    /// control characters escaped (`VisibleText.lines`). Tables and JSON always do.
    public var forTerminal = false

    /// Creates a renderer.
    public init(format: OutputFormat, utcOffset: @escaping (Double) -> Int) {
        self.format = format
        self.utcOffset = utcOffset
    }

    /// The listing as text, ending with a newline (empty when there is nothing to print).
    public func render(_ listing: RecordListing) -> String {
        switch format {
        case .table: return listing.detailed ? details(listing) : table(listing)
        case .json: return json(listing)
        case .csv: return csv(listing)
        }
    }

    private func details(_ listing: RecordListing) -> String {
        guard !listing.rows.isEmpty else { return listing.emptyMessage + "\n" }
        let kind = listing.kind
        let text = FieldText(kind: kind, utcOffset: utcOffset)
        var output = ""
        for row in listing.rows {
            let record = row.record
            var lines: [(String, String)] = [("id", record.id.description)]
            for (index, field) in kind.fields.enumerated() {
                var value = text.quoted(record.values[index])
                if case .date(let seconds) = record.values[index], value != "none" {
                    value += " (" + DateText.localDate(seconds, utcOffset: utcOffset(seconds)) + " local)"
                }
                lines.append((field.name, value))
            }
            for extra in record.extras {
                lines.append((VisibleText.of(extra.key), JSONText.value(extra.value) + "  (kept for other apps)"))
            }
            let width = lines.map { DisplayWidth.of($0.0) }.max() ?? 0
            output += style.apply(.key, to: "\(kind.noun) \(row.number)") + "\n"
            for (key, value) in lines {
                output += "  " + style.apply(.key, to: DisplayWidth.pad(key, to: width)) + "  " + value + "\n"
            }
        }
        return output
    }

    private func json(_ listing: RecordListing) -> String {
        let objects = listing.rows.map { row in
            "{"
                + jsonFields(row.record, kind: listing.kind).map { key, value in
                    JSONText.string(key) + ":" + value
                }.joined(separator: ",") + "}"
        }
        if listing.detailed, objects.count == 1 { return objects[0] + "\n" }
        return "[" + objects.joined(separator: ",\n") + "]\n"
    }

    private func jsonFields(_ record: Record, kind: ListKind) -> [(String, String)] {
        var fields = [("id", JSONText.string(record.id.description))]
        for (index, field) in kind.fields.enumerated() {
            switch record.values[index] {
            case .text(let text): fields.append((field.name, JSONText.string(text)))
            case .date(let seconds):
                if case .date(let unset) = field.type, seconds == unset {
                    fields.append((field.name, "null"))
                } else {
                    fields.append((field.name, JSONText.string(DateText.exact(seconds))))
                }
            }
        }
        return fields
    }

    private func csv(_ listing: RecordListing) -> String {
        let bytes = CSVRecordWriter.write(
            RecordList(listing.rows.map(\.record)), kind: listing.kind, separator: UInt8(ascii: ","))
        let text = String(decoding: bytes, as: UTF8.self)
        return forTerminal ? VisibleText.lines(Self.withoutCarriageReturns(text)) : text
    }

    /// `text` with each CRLF line end written as LF: CSV's line ends, which a terminal does
    /// not need and `VisibleText` would show as a literal `\r`.
    public static func withoutCarriageReturns(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        var result = String.UnicodeScalarView()
        var pendingReturn = false
        for scalar in text.unicodeScalars {
            if pendingReturn, scalar != "\n" { result.append("\r") }
            pendingReturn = scalar == "\r"
            if !pendingReturn { result.append(scalar) }
        }
        if pendingReturn { result.append("\r") }
        return String(result)
    }
}

/// How `list`, `find` and `show` print records (`--format`).
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned columns for people to read.
    case table
    /// A JSON array of objects, for programs.
    case json
    /// RFC 4180 CSV with a header row, for spreadsheets.
    case csv
}
