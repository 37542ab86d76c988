/// Writes records as RFC 4180 CSV: a header row (`id` and the kind's fields),
/// then one row per record, lines ending in CRLF, no byte order mark. Dates are
/// ISO 8601 in UTC (with the fractional digits that read back the same instant), empty when
/// there is none.
///
/// A text a spreadsheet would run as a formula (it begins with `=`, `+`, `-`, `@`, a tab or a
/// carriage return: `=HYPERLINK(…)`) is written after a `'`, as OWASP's advice on CSV
/// injection has it, so that a spreadsheet shows it as text; so is a text that begins with
/// `'`s before such a character, so that `import csv` (`CSVRecordReader`), which removes
/// that one `'`, gives back every value exactly.
enum CSVRecordWriter {
    /// The character written before a text a spreadsheet would run (`isGuarded`).
    static let guardMark = UInt8(ascii: "'")

    /// Whether `text` is written after a `guardMark`: it begins, after any number of
    /// `guardMark`s, with a character that starts a formula in a spreadsheet.
    static func isGuarded(_ text: Substring.UTF8View) -> Bool {
        guard let first = text.first(where: { $0 != guardMark }) else { return false }
        return [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D].contains(first)
    }

    /// The bytes of a CSV file holding `records`, with fields separated by `separator`.
    static func write(_ records: RecordList, kind: ListKind, separator: UInt8) -> [UInt8] {
        var output: [UInt8] = []
        appendRow(["id"] + kind.fieldNames, separator: separator, to: &output)
        for row in records.indices {
            var cells = [records.id(at: row).description]
            for (index, field) in kind.fields.enumerated() {
                switch records.value(at: row, field: index) {
                case .text(let text):
                    cells.append(isGuarded(Substring(text).utf8) ? "'" + text : text)
                case .date(let seconds):
                    if case .date(let unset) = field.type, seconds == unset {
                        cells.append("")
                    } else {
                        cells.append(DateText.exact(seconds))
                    }
                }
            }
            appendRow(cells, separator: separator, to: &output)
        }
        return output
    }

    /// Appends one row and its CRLF.
    private static func appendRow(_ cells: [String], separator: UInt8, to output: inout [UInt8]) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { output.append(separator) }
            appendField(cell, separator: separator, to: &output)
        }
        output.append(contentsOf: [0x0D, 0x0A])
    }

    /// Appends `text`, in quotes with quotes doubled when it holds the separator,
    /// a quote or a line break, or starts or ends with a space.
    static func appendField(_ text: String, separator: UInt8, to output: inout [UInt8]) {
        let utf8 = text.utf8
        let needsQuotes =
            utf8.contains { $0 == separator || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            || utf8.first == 0x20 || utf8.last == 0x20
        guard needsQuotes else {
            output.append(contentsOf: utf8)
            return
        }
        output.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { output.append(byte) }
            output.append(byte)
        }
        output.append(UInt8(ascii: "\""))
    }
}
