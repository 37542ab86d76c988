import DirectoryCore

/// `save`: only the records that changed, each written only if no one else changed it
/// since this session's version (optimistic concurrency, no table locks).
extension PostgreSQLStore {
    /// Writes `changes` in one transaction: deletes, updates and inserts with parameters,
    /// each row checked against the known version, then bumps the list's version from the
    /// known one. Any row or the version changed by another session rolls it all back
    /// with `.changedMeanwhile`, and the session merges and tries again.
    public func save(
        _ changes: ListChanges, giving records: RecordList, schema: RecordSchema, format: FileFormat,
        to path: String, known: FileFingerprint?
    ) throws(StorageError) -> FileFingerprint {
        let table = DirectoryTable(schema: schema)
        let version = known.map { Int64(bitPattern: $0.hash) }
        let outcome = try perform(on: path, saving: true) { link throws(PostgreSQLError) -> Int64? in
            link.kind = schema
            let connection = link.connection
            if changes.isEmpty, let version { return version }
            try connection.run("BEGIN")
            if version == nil { try DatabaseTables.create(on: connection) }
            let expected = version ?? 0
            let statements = try TableStatements(table: table, connection: connection)
            guard try write(changes, table: table, statements: statements, expected: expected, on: connection),
                let next = try DatabaseTables.bump(table, from: expected, on: connection)
            else {
                try connection.run("ROLLBACK")
                return nil
            }
            try connection.run("COMMIT")
            try link.forgetHeard()
            return next
        }
        guard let outcome else { throw .changedMeanwhile(path: path) }
        return Self.fingerprint(outcome)
    }

    /// Yes: only the rows in the change set are written.
    public func savesChangeSet(to path: String) -> Bool { true }

    /// Sends the statements; `false` when a row was changed or deleted by someone else.
    private func write(
        _ changes: ListChanges, table: DirectoryTable, statements: TableStatements, expected: Int64,
        on connection: PostgreSQLConnection
    ) throws(PostgreSQLError) -> Bool {
        let known = String(expected)
        for id in changes.deleted {
            let deleted = try connection.run(statements.delete, [id.description, known]).affectedRows
            // A row already gone was deleted by both: only a row changed since is a conflict.
            if deleted == 0, try connection.run(statements.exists, [id.description]).rowCount > 0 { return false }
        }
        for record in changes.changed {
            let parameters = [record.id.description, known] + table.parameters(of: record)
            if try connection.run(statements.update, parameters).affectedRows == 0 { return false }
        }
        for addition in changes.added {
            let parameters =
                [addition.record.id.description, addition.after?.description, known]
                + table.parameters(of: addition.record)
            try connection.run(statements.insert, parameters)
        }
        if let order = changes.order {
            let ids = "{" + order.map(\.description).joined(separator: ",") + "}"
            try connection.run(statements.reorder, [ids])
        }
        return true
    }
}
