import DirectoryCore

/// What others saved since a version, without reading the whole table: the rows whose
/// revision is newer (found by the revision index, with or without statistics) and the
/// deletions logged since.
extension PostgreSQLStore {
    /// The rows written and the ids deleted since `known`, in one snapshot; `nil` when only
    /// the whole list can tell (tables of layout 1, a version before the horizon, too many rows).
    public func changes(at location: String, kind: ListKind, since known: ListVersion) throws(StorageError)
        -> ListDelta?
    {
        guard case .counter(let since) = known else { return nil }
        let table = DirectoryTable(kind: kind)
        return try perform(on: location, saving: false) { link throws(PostgreSQLError) -> ListDelta? in
            let connection = link.connection
            // The few rows written are read through the indexes (revision, position, deletions'
            // version) whatever the planner's statistics say: a table just loaded in bulk has
            // none until autovacuum's `ANALYZE`, and at 1,000,000 rows the planner then reads
            // the whole table (and compiles the query) for a one-edit merge.
            try connection.run(
                "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL enable_seqscan = off; SET LOCAL jit = off")
            do throws(PostgreSQLError) {
                let delta = try Self.delta(of: table, since: since, on: connection)
                try connection.run("COMMIT")
                return delta
            } catch {
                _ = try? connection.run("ROLLBACK")
                throw error
            }
        }
    }

    /// The delta in the open snapshot.
    private static func delta(of table: DirectoryTable, since: Int64, on connection: PostgreSQLConnection)
        throws(PostgreSQLError) -> ListDelta?
    {
        guard let version = try DatabaseTables.version(of: table, on: connection),
            version.layout >= 2, since >= version.horizon, since <= version.version
        else { return nil }
        let statements = try TableStatements(table: table, connection: connection)
        let count =
            try connection.run(statements.countWrittenSince, [String(since)]).value(row: 0, column: 0)
            .flatMap { Int($0) } ?? 0
        guard count <= ListDelta.mergeLimit else { return nil }
        var rows: [ListDelta.Row] = []
        var fields: [CopyText.Field] = []
        var unreadable: PostgreSQLError?
        try connection.copyOut(statements.copyWrittenSince(since)) { row throws(PostgreSQLError) in
            CopyText.fields(of: row, into: &fields)
            guard let record = table.record(from: fields, in: row), let last = fields.last else {
                unreadable = table.unreadable(fields, in: row)
                return
            }
            let after = DirectoryTable.id(last, in: row)
            rows.append(ListDelta.Row(record: record, after: after))
        }
        if let unreadable { throw unreadable }
        let deletions = try connection.run(
            "SELECT DISTINCT id FROM directory_deletions WHERE list = $1 AND version > $2::bigint",
            [table.name, String(since)])
        guard deletions.rowCount <= ListDelta.mergeLimit else { return nil }
        var deleted: [RecordID] = []
        for row in 0..<deletions.rowCount {
            if let id = deletions.value(row: row, column: 0).flatMap(RecordID.init) { deleted.append(id) }
        }
        return ListDelta(rows: rows, deleted: deleted, version: .counter(version.version))
    }
}
