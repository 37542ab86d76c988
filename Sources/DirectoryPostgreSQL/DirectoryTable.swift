import DirectoryCore

/// The table that holds one kind of list (`people`, `bucket_items`): its columns,
/// and records turned into `COPY` rows and statement parameters and back.
///
/// Each text field is a `text` column of the field's name in snake case; a date field
/// is a `double precision` column `NAME_seconds` (seconds since 2001, exact, `NULL`
/// when unset) beside a generated `timestamptz` column `NAME` for people to query.
struct DirectoryTable {
    /// One column that holds a field.
    struct Column {
        /// The stored column's name.
        var name: String
        /// The field's index in the kind.
        var field: Int
        /// The value that means "no date", stored as `NULL`; `nil` for text.
        var unsetDate: Double?
    }

    let kind: ListKind
    /// The table's name.
    let name: String
    /// The stored columns of the fields, in field order.
    let columns: [Column]

    /// The table for `kind`.
    init(kind: ListKind) {
        self.kind = kind
        name = kind == .bucket ? "bucket_items" : "people"
        columns = kind.fields.indices.map { index in
            let field = kind.fields[index]
            let snake = Self.snakeCase(field.name)
            if case .date(let unset) = field.type {
                return Column(name: snake + "_seconds", field: index, unsetDate: unset)
            }
            return Column(name: snake, field: index, unsetDate: nil)
        }
    }

    /// Every list's table.
    static let all = ListKind.all.map(DirectoryTable.init(kind:))

    /// `completedDate` → `completed_date`.
    static func snakeCase(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The `CREATE TABLE` for this list, with `quote` quoting identifiers. Without
    /// `primaryKey` the id is only `NOT NULL`: `save as` into new tables adds the key after
    /// loading the rows (`primaryKeyStatement`), the same key under the same name.
    func createStatement(quote: (String) throws(PostgreSQLError) -> String, primaryKey: Bool = true)
        throws(PostgreSQLError) -> String
    {
        var definitions = [
            primaryKey ? "id uuid PRIMARY KEY" : "id uuid NOT NULL", "position double precision NOT NULL",
        ]
        for column in columns {
            let field = kind.fields[column.field]
            if column.unsetDate != nil {
                definitions.append("\(try quote(column.name)) double precision")
                let epoch = "to_timestamp(\(try quote(column.name)) + 978307200)"
                definitions.append(
                    "\(try quote(Self.snakeCase(field.name))) timestamptz GENERATED ALWAYS AS (\(epoch)) STORED")
            } else {
                definitions.append("\(try quote(column.name)) text NOT NULL DEFAULT ''")
            }
        }
        definitions += ["extra jsonb NOT NULL DEFAULT '{}'", "revision bigint NOT NULL DEFAULT 0"]
        return "CREATE TABLE IF NOT EXISTS \(try quote(name)) (\(definitions.joined(separator: ", ")))"
    }

    /// Adds the primary key `createStatement(quote:primaryKey: false)` left out, named as
    /// `id uuid PRIMARY KEY` names it (`TABLE_pkey`).
    func primaryKeyStatement(quote: (String) throws(PostgreSQLError) -> String) throws(PostgreSQLError) -> String {
        "ALTER TABLE \(try quote(name)) ADD CONSTRAINT \(try quote(name + "_pkey")) PRIMARY KEY (id)"
    }

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

    /// The name of the first text field of `record` that holds a NUL, which PostgreSQL's text cannot store.
    func fieldHoldingNUL(_ record: Record) -> String? {
        for column in columns where column.unsetDate == nil {
            if let text = record.values[column.field].text, text.utf8.contains(0) {
                return kind.fields[column.field].name
            }
        }
        return nil
    }

    /// The error for a record a field of which holds a NUL.
    func nulError(_ record: Record, field: String) -> PostgreSQLError {
        let title = record.values[kind.titleField].text ?? ""
        let named = title.isEmpty ? "the \(kind.noun) with id \(record.id)" : "'\(VisibleText.of(title))'"
        return PostgreSQLError(
            "\(named) has a NUL character (\\0) in its \(field), which PostgreSQL cannot store; remove it "
                + "(edit the \(kind.noun) and set \(field) again) and save again")
    }

    /// Appends the `COPY` row of `record`: id, position, the columns, extra, revision.
    func appendRow(_ record: Record, position: Int, revision: Int64, to output: inout [UInt8]) {
        record.id.appendUTF8(to: &output)
        output.append(UInt8(ascii: "\t"))
        output.append(contentsOf: String(position).utf8)
        for column in columns {
            output.append(UInt8(ascii: "\t"))
            if let text = parameter(record.values[column.field], column: column) {
                CopyText.appendText(text, to: &output)
            } else {
                CopyText.appendNull(to: &output)
            }
        }
        output.append(UInt8(ascii: "\t"))
        var json: [UInt8] = []
        ExtrasJSON.encode(record.extras, to: &json)
        CopyText.appendEscaped(json, to: &output)
        output.append(UInt8(ascii: "\t"))
        output.append(contentsOf: String(revision).utf8)
        output.append(UInt8(ascii: "\n"))
    }

    /// The statement parameters of the record's columns, in column order, then its extra keys.
    func parameters(of record: Record) -> [String?] {
        var json: [UInt8] = []
        ExtrasJSON.encode(record.extras, to: &json)
        return columns.map { parameter(record.values[$0.field], column: $0) } + [String(decoding: json, as: UTF8.self)]
    }

    /// A value as the text PostgreSQL reads for its column; `nil` for an unset date.
    func parameter(_ value: FieldValue, column: Column) -> String? {
        switch value {
        case .text(let text): return text
        case .date(let seconds): return seconds == column.unsetDate ? nil : "\(seconds)"
        }
    }
}
