import DirectoryCore

/// A `COPY` row read back into a record (a load, and the rows of a delta), and what a row
/// that is not one says.
extension DirectoryTable {
    /// The record in a `COPY` row of `id`, the columns, and `extra` (fields after those are not
    /// read); `fields` are `row`'s, as `CopyText.fields(of:into:)` found them.
    func record(from fields: [CopyText.Field], in row: Span<UInt8>) -> Record? {
        guard fields.count >= columns.count + 2, let id = Self.id(fields[0], in: row) else { return nil }
        var values = kind.defaultValues
        for (offset, column) in columns.enumerated() {
            let field = fields[offset + 1]
            if let unset = column.unsetDate {
                values[column.field] = .date(Self.date(field, in: row) ?? unset)
            } else if let field {
                values[column.field] = .text(CopyText.text(row.extracting(field)))
            }
        }
        var extras: [KeyedValue] = []
        if let range = fields[columns.count + 1] {
            let extra = row.extracting(range)
            if !(extra.count == 2 && extra[0] == UInt8(ascii: "{")) {
                let decoded: [KeyedValue]?
                if CopyText.contains(UInt8(ascii: "\\"), in: extra) {
                    let unescaped = CopyText.unescaped(extra)
                    decoded = try? ExtrasJSON.decode(unescaped.span.rawBytes)
                } else {
                    decoded = try? ExtrasJSON.decode(extra.rawBytes)
                }
                guard let decoded else { return nil }
                extras = decoded
            }
        }
        return Record(id: id, values: values, extras: extras)
    }

    /// The id in `field` of `row`, or `nil` when it is `NULL` or not an id.
    static func id(_ field: CopyText.Field, in row: Span<UInt8>) -> RecordID? {
        guard let field else { return nil }
        return RecordID(utf8: row.extracting(field).rawBytes)
    }

    /// The text in `field` of `row`, escapes decoded; empty for `NULL`.
    private static func text(_ field: CopyText.Field, in row: Span<UInt8>) -> String {
        guard let field else { return "" }
        return CopyText.text(row.extracting(field))
    }

    /// The date in `field` of `row`, or `nil` when it is `NULL` or not a number.
    private static func date(_ field: CopyText.Field, in row: Span<UInt8>) -> Double? {
        guard let field else { return nil }
        return Double(CopyText.text(row.extracting(field)))
    }

    /// Adds the record in a `COPY` row (as `record(from:in:)` reads it) to `list`: text without
    /// escapes goes in as the row's bytes, without a string. A row that is not a record throws,
    /// naming it and saying how to fix it. `fields` are `row`'s; `texts` is scratch space,
    /// one entry per field.
    func append(
        _ fields: [CopyText.Field], of row: Span<UInt8>, to list: inout RecordList.Builder,
        texts: inout [Range<Int>?]
    ) throws(PostgreSQLError) {
        guard fields.count >= columns.count + 2, let id = Self.id(fields[0], in: row) else {
            throw PostgreSQLError(
                "a row of \(name) could not be read (its id or columns are not what this release wrote)")
        }
        if let extra = fields[columns.count + 1],
            !(extra.count == 2 && row[extra.lowerBound] == UInt8(ascii: "{"))
        {
            guard let record = record(from: fields, in: row) else {
                throw unreadableExtra(id: id, fields: fields, in: row)
            }
            list.append(record)
            return
        }
        var values = kind.defaultValues
        for index in texts.indices { texts[index] = nil }
        for (offset, column) in columns.enumerated() {
            let field = fields[offset + 1]
            if let unset = column.unsetDate {
                values[column.field] = .date(Self.date(field, in: row) ?? unset)
            } else if let field {
                let text = row.extracting(field)
                if CopyText.contains(UInt8(ascii: "\\"), in: text) {
                    values[column.field] = .text(CopyText.text(text))
                } else {
                    texts[column.field] = field
                }
            }
        }
        list.append(id: id, texts: texts, in: row.rawBytes, values: values)
    }

    /// The error for a row that `record(from:in:)` could not read: it names the row and the
    /// fix when it has an id (its `extra` is then not a JSON object of keys), never shows it raw.
    func unreadable(_ fields: [CopyText.Field], in row: Span<UInt8>) -> PostgreSQLError {
        guard fields.count >= columns.count + 2, let id = Self.id(fields[0], in: row) else {
            return PostgreSQLError(
                "a row of \(name) could not be read (its id or columns are not what this release wrote)")
        }
        return unreadableExtra(id: id, fields: fields, in: row)
    }

    /// The error for a row whose `extra` is not a JSON object of keys: it names the row and the fix.
    private func unreadableExtra(id: RecordID, fields: [CopyText.Field], in row: Span<UInt8>) -> PostgreSQLError {
        var title = ""
        if let titleColumn = columns.firstIndex(where: { $0.field == kind.titleField }) {
            title = Self.text(fields[titleColumn + 1], in: row)
        }
        let extra = Self.text(fields[columns.count + 1], in: row)
        let shown = extra.count > 60 ? String(extra.prefix(60)) + "…" : extra
        return PostgreSQLError(
            "the row of \(name) with id \(id)\(title.isEmpty ? "" : " ('\(title)')") has an extra column that is "
                + "not a JSON object (\(shown)), so the list was not read; fix that row, for example with "
                + "UPDATE \(name) SET extra = jsonb_build_object('value', extra) WHERE id = '\(id)'")
    }
}
