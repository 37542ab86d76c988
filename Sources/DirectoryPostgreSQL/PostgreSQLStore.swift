import DirectoryCore

/// The `ListStore` of PostgreSQL databases, for locations that are libpq connection
/// URIs. One connection per location is kept open for the session (and listens for
/// others' changes); a connection that broke is opened again by the next command.
///
/// A list's version is its version counter (`ListVersion.counter`), bumped by every save.
/// A save sends only what changed, in one transaction that claims the next version (the
/// extension at the end of this file, with `RowPositions`, where an inserted row goes); the
/// connection each location keeps is in `PostgreSQLStore+Link`, and loading the list in
/// `PostgreSQLStore+Load`.
public final class PostgreSQLStore: ListStore {
    /// The open connections and what they heard, by location.
    let state = LinkTable()

    /// Says on the error stream what the user should know though nothing failed (tables a
    /// superuser created for others); the program's writes to standard error.
    let warn: @Sendable (String) -> Void

    /// Creates a store with no connection open yet, saying warnings with `warn`.
    public init(warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.warn = warn
    }

    /// Replaces the whole list in one transaction (`save as`, `save! as` onto another list):
    /// creates the tables when missing, deletes every row and loads the records with
    /// `COPY … FROM STDIN`. Sessions that read the list before read it whole again.
    func save(_ records: RecordList, kind: ListKind, to location: String) throws(StorageError) -> ListVersion {
        let table = DirectoryTable(kind: kind)
        return try perform(on: location, saving: true) { link throws(PostgreSQLError) in
            link.kind = kind
            let connection = link.connection
            try connection.run("BEGIN")
            _ = try DatabaseTables.version(of: table, on: connection, creating: true)
            let (warning, afterLoad) = try Self.prepare(on: connection, loading: table)
            guard let version = try DatabaseTables.claim(table, from: nil, on: connection) else {
                throw PostgreSQLError("the version of \(table.name) is missing from directory_versions")
            }
            try DatabaseTables.replaced(table, on: connection)
            let statements = try TableStatements(table: table, connection: connection)
            try connection.run(statements.deleteAll)
            var holdingNUL: PostgreSQLError?
            try connection.copyIn(statements.copyIn) { send in
                var buffer: [UInt8] = []
                buffer.reserveCapacity(1 << 17)
                for (index, record) in records.enumerated() {
                    if let field = table.fieldHoldingNUL(record) {
                        holdingNUL = table.nulError(record, field: field)
                        return
                    }
                    table.appendRow(record, position: index + 1, revision: version, to: &buffer)
                    if buffer.count >= 1 << 16 {
                        send(buffer.span)
                        buffer.removeAll(keepingCapacity: true)
                    }
                }
                if !buffer.isEmpty { send(buffer.span) }
            }
            if let holdingNUL { throw holdingNUL }
            for statement in afterLoad { try connection.run(statement) }
            try connection.run("COMMIT")
            link.forgetCounted()
            if let warning { warn(warning) }
            return .counter(version)
        }
    }

    /// A list in this store is a database's tables.
    public var medium: StoreMedium { .database }

    /// Writes the whole list (`save as`, replacing whatever the tables hold), or only the
    /// changes since `replacing`'s version (`save`).
    public func write(_ list: ListWrite, to location: String, replacing: ListWrite.Replacing) throws(StorageError)
        -> ListVersion
    {
        switch list {
        case .whole(let records, let kind, _):
            return try save(records, kind: kind, to: location)
        case .changes(let changes, let kind):
            var known: ListVersion?
            if case .version(let version) = replacing { known = version }
            return try save(changes, kind: kind, to: location, known: known)
        }
    }

    /// Creates or upgrades the tables in the open transaction; a role that may not (not
    /// their owner) is told who must. With `loading`, what to run after loading that table's
    /// rows (`DatabaseTables.prepare(on:loading:)`).
    @discardableResult
    static func prepare(on connection: PostgreSQLConnection) throws(PostgreSQLError) -> String? {
        try prepare(on: connection, loading: nil).warning
    }

    /// `prepare(on:)`, creating `loading`'s table bare when every table is new; what to run
    /// after loading its rows comes back in `afterLoad`.
    static func prepare(on connection: PostgreSQLConnection, loading: DirectoryTable?) throws(PostgreSQLError)
        -> (warning: String?, afterLoad: [String])
    {
        do throws(PostgreSQLError) {
            return try DatabaseTables.prepare(on: connection, loading: loading)
        } catch  where error.isPermissionDenied {
            throw PostgreSQLError(
                "the directory's tables are missing or use an older layout, and this role may not create or "
                    + "upgrade them (\(error.message)); ask their owner to open the directory once with this "
                    + "release, which upgrades them, with the right to create in the schema for that once "
                    + "(see docs/postgresql.md, Upgrading)")
        }
    }

    /// How many records the list at `location` holds now, for `save! as` to say what it replaces.
    public func recordCount(at location: String, kind: ListKind) -> Int? {
        let table = DirectoryTable(kind: kind)
        return try? perform(on: location, saving: false) { link throws(PostgreSQLError) -> Int? in
            guard try DatabaseTables.version(of: table, on: link.connection, creating: true) != nil else { return nil }
            let name = try link.connection.quoted(table.name)
            return try link.connection.run("SELECT count(*) FROM \(name)").value(row: 0, column: 0).flatMap { Int($0) }
        }
    }

    /// Whether this role may insert, update and delete the list's rows.
    public func mayWrite(location: String) -> Bool {
        let answer = try? perform(on: location, saving: false) { link throws(PostgreSQLError) -> Bool in
            let table = DirectoryTable(kind: link.kind ?? .person)
            let result = try link.connection.run(
                "SELECT to_regclass($1) IS NULL OR (has_table_privilege($1, 'INSERT') AND has_table_privilege($1, 'UPDATE') "
                    + "AND has_table_privilege($1, 'DELETE'))",
                [try link.connection.quoted(table.name)])
            return result.value(row: 0, column: 0) == "t"
        }
        return answer ?? true
    }

    /// The list's version now; `nil` when the database has no tables.
    public func version(at location: String, known: ListVersion?) throws(StorageError) -> ListVersion? {
        try perform(on: location, saving: false) { link throws(PostgreSQLError) in
            let table = DirectoryTable(kind: link.kind ?? .person)
            return try DatabaseTables.version(of: table, on: link.connection).map { .counter($0.version) }
        }
    }

    /// No lock: saves of a database are kept apart by row revisions and the version counter.
    public func lock(location: String) throws(StorageError) -> ListLock {
        ListLock {}
    }

    /// A database is not a file to import from.
    public func readBytes(path: String) throws(StorageError) -> [UInt8] {
        throw .unreadable(path: path, reason: "a database cannot be imported; import reads CSV, JSON and vCard files")
    }

    /// A database is not a file to export to.
    public func writeBytes(_ bytes: [UInt8], to path: String) throws(StorageError) {
        throw .writeFailed(path: path, reason: "export writes files; use 'save as' to copy the list into a database")
    }
}

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

/// Where an inserted row goes in the list's order (`position`): halfway between the row it
/// follows and the next one. When that gap is too small for a `double precision` to split,
/// the rows around it are spaced out again in the same transaction (a wider neighbourhood
/// each time it is still too crowded, the whole list at worst), so positions never run out.
struct RowPositions {
    let statements: TableStatements
    let connection: PostgreSQLConnection
    /// The revision of rows this transaction writes.
    let revision: Int64

    /// How many rows on each side of the spot are spaced out at first.
    static let firstRadius = 16

    /// The position of a row inserted after the row `after` (`nil`: first).
    func position(after: RecordID?) throws(PostgreSQLError) -> Double {
        guard let after else {
            let first = try connection.run(statements.ends).value(row: 0, column: 0).flatMap(Double.init)
            return (first ?? 1) - 1
        }
        for _ in 0..<2 {
            let row = try connection.run(statements.neighbours, [after.description])
            guard row.rowCount > 0, let previous = row.value(row: 0, column: 0).flatMap(Double.init) else {
                // The row it followed is gone (deleted meanwhile): the new one goes last.
                let last = try connection.run(statements.ends).value(row: 0, column: 1).flatMap(Double.init)
                return (last ?? 0) + 1
            }
            guard let next = row.value(row: 0, column: 1).flatMap(Double.init) else { return previous + 1 }
            let middle = previous + (next - previous) / 2
            if Self.fits(middle, between: previous, and: next) { return middle }
            try respace(around: previous)
        }
        throw PostgreSQLError("the list's positions could not be spaced out around a new row")
    }

    /// Whether `middle` splits the gap with room to spare (a millionth of a millionth of the values' size).
    static func fits(_ middle: Double, between low: Double, and high: Double) -> Bool {
        let scale = max(1, abs(low), abs(high))
        return middle > low && middle < high && (high - low) > scale * 1e-9
    }

    /// Spaces the rows near `position` evenly, widening the neighbourhood until its
    /// rows are at least a thousandth of the values' size apart.
    private func respace(around position: Double) throws(PostgreSQLError) {
        var radius = Self.firstRadius
        while true {
            let low = try connection.run(statements.positionBefore, [String(position), String(radius)])
                .value(row: 0, column: 0).flatMap(Double.init)
            let high = try connection.run(statements.positionAfter, [String(position), String(radius)])
                .value(row: 0, column: 0).flatMap(Double.init)
            let bounds = [low.map { String($0) }, high.map { String($0) }]
            let count =
                try connection.run(statements.countBetween, bounds).value(row: 0, column: 0)
                .flatMap { Int($0) } ?? 0
            let first: Double
            let step: Double
            switch (low, high) {
            case (let low?, let high?):
                step = (high - low) / Double(count + 1)
                guard step > max(1, abs(low), abs(high)) * 1e-6 else {
                    radius *= 4
                    continue
                }
                first = low + step
            case (let low?, nil):
                (first, step) = (low + 1, 1)
            case (nil, let high?):
                (first, step) = (high - Double(count), 1)
            case (nil, nil):
                (first, step) = (1, 1)
            }
            try connection.run(statements.respace, bounds + [String(first), String(step), String(revision)])
            return
        }
    }
}
