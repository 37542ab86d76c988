import DirectoryCore

/// `save`: only the records that changed, written only if no one else wrote the list
/// since this session's version (optimistic concurrency, no table locks).
extension PostgreSQLStore {
    /// Writes `changes` in one transaction: first claims the list's next version from the
    /// known one (so any write by anyone since, which bumped it, makes the claim fail),
    /// then deletes, updates and inserts with parameters. A failed claim or a row changed
    /// meanwhile rolls it all back with `.changedMeanwhile`, and the session merges and
    /// tries again.
    func save(_ changes: ListChanges, kind: ListKind, to location: String, known: ListVersion?)
        throws(StorageError) -> ListVersion
    {
        let table = DirectoryTable(kind: kind)
        var version: Int64?
        if case .counter(let counter)? = known { version = counter }
        let outcome = try perform(on: location, saving: true) { link throws(PostgreSQLError) -> Int64? in
            link.kind = kind
            let connection = link.connection
            if changes.isEmpty, let version { return version }
            for record in changes.changed + changes.added.map(\.record) {
                if let field = table.fieldHoldingNUL(record) { throw table.nulError(record, field: field) }
            }
            try connection.run("BEGIN")
            let current = try DatabaseTables.version(of: table, on: connection, creating: version == nil)
            if current != nil { try Self.refuseWithout(Self.privileges(for: changes), on: table, connection) }
            var warning: String?
            if current?.layout != DatabaseTables.layoutVersion { warning = try Self.prepare(on: connection) }
            let expected = version ?? 0
            let statements = try TableStatements(table: table, connection: connection)
            guard let next = try DatabaseTables.claim(table, from: expected, on: connection),
                try write(changes, table: table, statements: statements, revision: next, on: connection)
            else {
                try connection.run("ROLLBACK")
                return nil
            }
            try DatabaseTables.prune(table, at: next, on: connection)
            try connection.run("COMMIT")
            link.forgetCounted()
            if let warning { warn(warning) }
            return next
        }
        guard let outcome else { throw .changedMeanwhile(location: location) }
        return .counter(outcome)
    }

    /// The privileges on the list's table that writing `changes` needs.
    static func privileges(for changes: ListChanges) -> [String] {
        var needed: [String] = []
        if !changes.deleted.isEmpty { needed.append("DELETE") }
        if !changes.changed.isEmpty || changes.order != nil { needed.append("UPDATE") }
        if !changes.added.isEmpty { needed.append("INSERT") }
        return needed
    }

    /// Throws the server's own "permission denied" for the list's table when this role lacks
    /// one of `privileges`, before anything is claimed (the claim's message would name the
    /// version table, in a function's context).
    static func refuseWithout(_ privileges: [String], on table: DirectoryTable, _ connection: PostgreSQLConnection)
        throws(PostgreSQLError)
    {
        guard !privileges.isEmpty else { return }
        let quoted = try connection.quoted(table.name)
        let checks = privileges.map { "has_table_privilege($1, '\($0)')" }.joined(separator: " AND ")
        guard try connection.run("SELECT \(checks)", [quoted]).value(row: 0, column: 0) != "t" else { return }
        throw PostgreSQLError("permission denied for table \(table.name)", state: "42501")
    }

    /// Yes: only the rows in the change set are written.
    public var writesChanges: Bool { true }

    /// Sends the statements, stamping rows with `revision` (the claimed version); `false`
    /// when a row was changed or deleted by someone else. Many changes go in bulk
    /// (`BulkChanges`), a few row by row.
    private func write(
        _ changes: ListChanges, table: DirectoryTable, statements: TableStatements, revision: Int64,
        on connection: PostgreSQLConnection
    ) throws(PostgreSQLError) -> Bool {
        var changes = changes
        if BulkChanges.suits(changes), try BulkChanges.allowed(on: connection) {
            let bulk = BulkChanges(table: table, statements: statements, connection: connection, revision: revision)
            switch try bulk.write(changes) {
            case false?: return false
            case true?: changes.added = []
            case nil: break
            }
            // What is left (the additions when a gap was too narrow, the order) goes as below.
            changes.deleted = []
            changes.changed = []
        }
        let known = String(revision - 1)
        for id in changes.deleted {
            let deleted = try connection.run(statements.delete, [id.description, known]).affectedRows
            // A row already gone was deleted by both: only a row changed since is a conflict.
            if deleted == 0, try connection.run(statements.exists, [id.description]).rowCount > 0 { return false }
        }
        for record in changes.changed {
            let parameters = [record.id.description, known] + table.parameters(of: record)
            if try connection.run(statements.update, parameters).affectedRows == 0 { return false }
        }
        let positions = RowPositions(statements: statements, connection: connection, revision: revision)
        for addition in changes.added {
            let position = try positions.position(after: addition.after)
            let parameters =
                [addition.record.id.description, String(position), String(revision)]
                + table.parameters(of: addition.record)
            try connection.run(statements.insert, parameters)
        }
        if let order = changes.order {
            try MovedRows(statements: statements, connection: connection, revision: revision).write(order)
        }
        return true
    }
}
