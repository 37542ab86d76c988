import DirectoryCore

/// The table that holds one kind of list (`people`, `bucket_items`): its columns,
/// and records turned into `COPY` rows and statement parameters (and back, in
/// `DirectoryTable+Reading`). Its SQL (`TableStatements`) follows it in this file.
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

/// The SQL for one list's table, identifiers quoted by libpq. Values are never in
/// it: they are `$n` parameters or `COPY` data.
struct TableStatements {
    let table: DirectoryTable
    /// The quoted table name.
    let name: String
    /// The quoted field columns, in field order.
    let quotedColumns: [String]
    /// The same, comma-separated.
    let fieldColumns: String
    /// The same, each as `t.COLUMN`.
    let qualifiedColumns: String

    init(table: DirectoryTable, connection: PostgreSQLConnection) throws(PostgreSQLError) {
        self.table = table
        name = try connection.quoted(table.name)
        var quoted: [String] = []
        for column in table.columns { quoted.append(try connection.quoted(column.name)) }
        quotedColumns = quoted
        fieldColumns = quoted.joined(separator: ", ")
        qualifiedColumns = quoted.map { "t." + $0 }.joined(separator: ", ")
    }

    /// The field columns' and extra's parameters, numbered from `first`.
    private func valueParameters(from first: Int) -> [String] {
        var parameters = table.columns.enumerated().map { offset, column in
            "$\(first + offset)::" + (column.unsetDate == nil ? "text" : "float8")
        }
        parameters.append("$\(first + table.columns.count)::jsonb")
        return parameters
    }

    /// Every record as `COPY` rows of id, fields, extra and position, in the table's order:
    /// the caller puts them in list order (usually they already are), so the server can
    /// stream the rows as it scans instead of sorting them all first.
    var copyOut: String {
        "COPY (SELECT id, \(fieldColumns), extra, position FROM \(name)) TO STDOUT"
    }

    /// `$1` a version: how many rows were written after it.
    /// Counts no further than one past `ListDelta.mergeLimit` (more means the whole list), in
    /// revision order: that keeps the revision index the plan even before the table has
    /// statistics (just after a bulk load, until autovacuum's `ANALYZE`), where the planner
    /// would scan every row (150 ms of a one-edit merge at 1,000,000 rows instead of 1 ms).
    var countWrittenSince: String {
        "SELECT count(*) FROM (SELECT 1 FROM \(name) WHERE revision > $1::bigint "
            + "ORDER BY revision LIMIT \(ListDelta.mergeLimit + 1)) AS written"
    }

    /// The rows written after `version`, in list order, as `COPY` rows of id, fields, extra,
    /// position and the id of the row before each (`NULL` for the first). Bounded and in
    /// revision order like `countWrittenSince` (which the caller checked in the same snapshot),
    /// so the plan reads the few rows written through the revision index, with or without statistics.
    func copyWrittenSince(_ version: Int64) -> String {
        "COPY (SELECT t.id, \(qualifiedColumns), t.extra, t.position, "
            + "(SELECT p.id FROM \(name) p WHERE p.position < t.position ORDER BY p.position DESC LIMIT 1) "
            + "FROM (SELECT * FROM \(name) WHERE revision > \(version) ORDER BY revision "
            + "LIMIT \(ListDelta.mergeLimit + 1)) t ORDER BY t.position) TO STDOUT"
    }

    /// Loads whole rows: id, position, fields, extra, revision.
    var copyIn: String {
        "COPY \(name) (id, position, \(fieldColumns), extra, revision) FROM STDIN"
    }

    /// `$1` id, `$2` the version the session knows, `$3…` the values: changes a row no one changed since.
    var update: String {
        let sets = zip(quotedColumns, valueParameters(from: 3)).map { "\($0) = \($1)" }
        return "UPDATE \(name) SET \(sets.joined(separator: ", ")), extra = $\(3 + table.columns.count)::jsonb, "
            + "revision = $2::bigint + 1 WHERE id = $1::uuid AND revision <= $2::bigint"
    }

    /// `$1` id, `$2` known version: deletes a row no one changed since.
    var delete: String {
        "DELETE FROM \(name) WHERE id = $1::uuid AND revision <= $2::bigint"
    }

    /// `$1` id: whether the row is there.
    var exists: String { "SELECT 1 FROM \(name) WHERE id = $1::uuid" }

    /// `$1` id, `$2` position, `$3` the row's revision, `$4…` values.
    var insert: String {
        let values = valueParameters(from: 4).joined(separator: ", ")
        return "INSERT INTO \(name) (id, position, \(fieldColumns), extra, revision) "
            + "VALUES ($1::uuid, $2::float8, \(values), $3::bigint)"
    }

    /// `$1` id: the row's position and the next row's (`NULL` when it is last); no row when it is gone.
    var neighbours: String {
        "SELECT p.position, (SELECT min(position) FROM \(name) WHERE position > p.position) "
            + "FROM \(name) p WHERE id = $1::uuid"
    }

    /// The first and last positions (`NULL` when the list is empty).
    var ends: String { "SELECT min(position), max(position) FROM \(name)" }

    /// `$1` a position, `$2` n: the position n rows before it (counting the row at it), or none.
    var positionBefore: String {
        "SELECT position FROM \(name) WHERE position <= $1::float8 ORDER BY position DESC OFFSET $2::int LIMIT 1"
    }

    /// `$1` a position, `$2` n: the position n rows after it, or none.
    var positionAfter: String {
        "SELECT position FROM \(name) WHERE position > $1::float8 ORDER BY position OFFSET $2::int LIMIT 1"
    }

    /// `$1` low, `$2` high (either `NULL` for no bound), `$3` the first new position, `$4` the step,
    /// `$5` revision: spaces the rows strictly between low and high evenly, in their order.
    var respace: String {
        "UPDATE \(name) AS t SET position = $3::float8 + (v.ordinal - 1) * $4::float8, revision = $5::bigint "
            + "FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS ordinal FROM \(name) "
            + "WHERE ($1::float8 IS NULL OR position > $1::float8) AND ($2::float8 IS NULL OR position < $2::float8)) v "
            + "WHERE t.id = v.id"
    }

    /// `$1` low, `$2` high (either `NULL`): how many rows are strictly between.
    var countBetween: String {
        "SELECT count(*) FROM \(name) WHERE ($1::float8 IS NULL OR position > $1::float8) "
            + "AND ($2::float8 IS NULL OR position < $2::float8)"
    }

    /// Every row's id and position (`MovedRows`).
    var positions: String { "SELECT id, position FROM \(name)" }

    /// `$1` ids, `$2` their new positions, `$3` the revision: the rows a reorder moved.
    var placeMoved: String {
        "UPDATE \(name) AS t SET position = v.position, revision = $3::bigint "
            + "FROM unnest($1::uuid[], $2::float8[]) AS v(id, position) WHERE t.id = v.id"
    }

    /// `$1` every id in list order, as an array, `$2` revision: numbers the rows' positions 1, 2, 3… in
    /// that order (after a `sort`, when most rows moved), touching only rows whose number changes.
    var reorder: String {
        "UPDATE \(name) AS t SET position = v.ordinal, revision = $2::bigint "
            + "FROM unnest($1::uuid[]) WITH ORDINALITY AS v(id, ordinal) "
            + "WHERE t.id = v.id AND t.position IS DISTINCT FROM v.ordinal"
    }

    /// Deletes every row (before a whole list is written).
    var deleteAll: String { "DELETE FROM \(name)" }

    /// The temporary table of a bulk save (`BulkChanges`), dropped when the transaction ends.
    static let bulkTable = "pg_temp.directory_bulk"

    /// Creates the temporary table: change (`d`, `u`, `i`), id, position, the field columns, extra.
    var createBulk: String {
        let columns = zip(quotedColumns, table.columns).map { quoted, column in
            quoted + (column.unsetDate == nil ? " text" : " float8")
        }
        return "CREATE TEMPORARY TABLE directory_bulk (change \"char\" NOT NULL, id uuid NOT NULL, "
            + "position float8, \(columns.joined(separator: ", ")), extra jsonb) ON COMMIT DROP"
    }

    /// Loads the temporary table.
    var copyBulk: String {
        "COPY \(Self.bulkTable) (change, id, position, \(fieldColumns), extra) FROM STDIN"
    }

    /// `$1` the known version: deletes the rows to delete that no one changed since.
    var deleteBulk: String {
        "DELETE FROM \(name) AS t USING \(Self.bulkTable) AS b "
            + "WHERE b.change = 'd' AND t.id = b.id AND t.revision <= $1::bigint"
    }

    /// A row to delete that is still there (after `deleteBulk`): someone changed it since.
    var bulkDeletionsLeft: String {
        "SELECT 1 FROM \(name) AS t JOIN \(Self.bulkTable) AS b ON b.id = t.id WHERE b.change = 'd' LIMIT 1"
    }

    /// `$1` the known version, `$2` revision: changes the rows no one changed since.
    var updateBulk: String {
        let sets = quotedColumns.map { "\($0) = b.\($0)" }
        return "UPDATE \(name) AS t SET \(sets.joined(separator: ", ")), extra = b.extra, revision = $2::bigint "
            + "FROM \(Self.bulkTable) AS b WHERE b.change = 'u' AND t.id = b.id AND t.revision <= $1::bigint"
    }

    /// `$1` revision: adds the new rows at their positions.
    var insertBulk: String {
        let values = quotedColumns.map { "b." + $0 }.joined(separator: ", ")
        return "INSERT INTO \(name) (id, position, \(fieldColumns), extra, revision) "
            + "SELECT b.id, b.position, \(values), b.extra, $1::bigint FROM \(Self.bulkTable) AS b "
            + "WHERE b.change = 'i'"
    }

    /// `$1` ids, as an array: each row's id, position and the next row's position (`NULL` when it is last).
    var anchors: String {
        "SELECT p.id, p.position, (SELECT min(q.position) FROM \(name) q WHERE q.position > p.position) "
            + "FROM \(name) p WHERE p.id = ANY($1::uuid[])"
    }
}
