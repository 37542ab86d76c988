/// The SQL for one list's table, identifiers quoted by libpq. Values are never in
/// it: they are `$n` parameters or `COPY` data.
struct TableStatements {
    let table: DirectoryTable
    /// The quoted table name.
    let name: String
    /// The quoted field columns, comma-separated.
    let fieldColumns: String

    init(table: DirectoryTable, connection: PostgreSQLConnection) throws(PostgreSQLError) {
        self.table = table
        name = try connection.quoted(table.name)
        var quoted: [String] = []
        for column in table.columns { quoted.append(try connection.quoted(column.name)) }
        fieldColumns = quoted.joined(separator: ", ")
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

    /// Loads whole rows: id, position, fields, extra, revision.
    var copyIn: String {
        "COPY \(name) (id, position, \(fieldColumns), extra, revision) FROM STDIN"
    }

    /// `$1` id, `$2` the version the session knows, `$3…` the values: changes a row no one changed since.
    var update: String {
        let sets = zip(fieldColumns.components(separatedBy: ", "), valueParameters(from: 3)).map { "\($0) = \($1)" }
        return "UPDATE \(name) SET \(sets.joined(separator: ", ")), extra = $\(3 + table.columns.count)::jsonb, "
            + "revision = $2::bigint + 1 WHERE id = $1::uuid AND revision <= $2::bigint"
    }

    /// `$1` id, `$2` known version: deletes a row no one changed since.
    var delete: String {
        "DELETE FROM \(name) WHERE id = $1::uuid AND revision <= $2::bigint"
    }

    /// `$1` id: whether the row is there.
    var exists: String { "SELECT 1 FROM \(name) WHERE id = $1::uuid" }

    /// `$1` id, `$2` the id it follows (or `NULL` for first), `$3` known version, `$4…` values.
    /// Its position is halfway to the next row, or one past the last.
    var insert: String {
        let after =
            "(SELECT CASE WHEN n.next IS NULL THEN p.position + 1 ELSE (p.position + n.next) / 2 END "
            + "FROM (SELECT position FROM \(name) WHERE id = $2::uuid) p, "
            + "LATERAL (SELECT min(position) AS next FROM \(name) WHERE position > p.position) n)"
        let position =
            "CASE WHEN $2::uuid IS NULL THEN (SELECT coalesce(min(position), 1) - 1 FROM \(name)) "
            + "ELSE coalesce(\(after), (SELECT coalesce(max(position), 0) + 1 FROM \(name))) END"
        let values = valueParameters(from: 4).joined(separator: ", ")
        return "INSERT INTO \(name) (id, position, \(fieldColumns), extra, revision) "
            + "VALUES ($1::uuid, \(position), \(values), $3::bigint + 1)"
    }

    /// `$1` every id in list order, as an array: numbers the rows' positions 1, 2, 3… in that
    /// order (after `move`, `sort` or moved lines in `editor`), touching only rows that move.
    var reorder: String {
        "UPDATE \(name) AS t SET position = v.ordinal FROM unnest($1::uuid[]) WITH ORDINALITY AS v(id, ordinal) "
            + "WHERE t.id = v.id AND t.position IS DISTINCT FROM v.ordinal"
    }

    /// Deletes every row (before a whole list is written).
    var deleteAll: String { "DELETE FROM \(name)" }
}
