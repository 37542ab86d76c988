import DirectoryCore

/// The `ListStore` of PostgreSQL databases, for locations that are libpq connection
/// URIs. One connection per location is kept open for the session (and listens for
/// others' changes); a connection that broke is opened again by the next command.
///
/// Its fingerprint is the list's version counter (in `hash`), bumped by every save.
public final class PostgreSQLStore: ListStore {
    /// The open connections and what they heard, by location.
    let state = LinkTable()

    /// Creates a store with no connection open yet.
    public init() {}

    /// Reads the whole list with `COPY … TO STDOUT` in one snapshot with its version;
    /// a database without the tables is an empty list whose fingerprint is `nil`.
    public func load(path: String, schema: RecordSchema?, fallback: RecordSchema) throws(StorageError) -> LoadedList? {
        let kind = schema ?? fallback
        let table = DirectoryTable(schema: kind)
        return try perform(on: path, saving: false) { link throws(PostgreSQLError) in
            link.kind = kind
            let connection = link.connection
            try connection.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            defer { _ = try? connection.run("COMMIT") }
            guard let version = try DatabaseTables.version(of: table, on: connection),
                try DatabaseTables.exist(table, on: connection)
            else {
                try link.forgetHeard()
                return LoadedList(schema: kind, records: [], format: .json, fingerprint: nil)
            }
            let statements = try TableStatements(table: table, connection: connection)
            var list = RecordList.Builder(schema: kind)
            var texts = [UnsafeBufferPointer<UInt8>?](repeating: nil, count: kind.fields.count)
            var positions: [Double] = []
            var fields: [CopyText.Field] = []
            try connection.copyOut(statements.copyOut) { row throws(PostgreSQLError) in
                CopyText.fields(of: row, into: &fields)
                guard let last = fields.last, let position = last, let value = Self.position(position),
                    table.append(fields, to: &list, texts: &texts)
                else {
                    throw PostgreSQLError("a row of \(table.name) could not be read: \(CopyText.text(row))")
                }
                positions.append(value)
            }
            try link.forgetHeard()
            var records = list.finish()
            if let order = Self.listOrder(positions) { records.reorder(order) }
            return LoadedList(schema: kind, records: records, format: .json, fingerprint: Self.fingerprint(version))
        }
    }

    /// Replaces the whole list in one transaction (`save as`, `save!`): creates the tables
    /// when missing, deletes every row and loads the records with `COPY … FROM STDIN`.
    public func save(_ records: RecordList, schema: RecordSchema, format: FileFormat, to path: String)
        throws(StorageError) -> FileFingerprint
    {
        let table = DirectoryTable(schema: schema)
        return try perform(on: path, saving: true) { link throws(PostgreSQLError) in
            link.kind = schema
            let connection = link.connection
            try connection.run("BEGIN")
            try DatabaseTables.create(on: connection)
            guard let version = try DatabaseTables.bump(table, from: nil, on: connection) else {
                throw PostgreSQLError("the version of \(table.name) is missing from directory_versions")
            }
            let statements = try TableStatements(table: table, connection: connection)
            try connection.run(statements.deleteAll)
            try connection.copyIn(statements.copyIn) { send in
                var buffer: [UInt8] = []
                buffer.reserveCapacity(1 << 17)
                for (index, record) in records.enumerated() {
                    table.appendRow(record, position: index + 1, revision: version, to: &buffer)
                    if buffer.count >= 1 << 16 {
                        buffer.withUnsafeBytes(send)
                        buffer.removeAll(keepingCapacity: true)
                    }
                }
                if !buffer.isEmpty { buffer.withUnsafeBytes(send) }
            }
            try connection.run("COMMIT")
            try link.forgetHeard()
            return Self.fingerprint(version)
        }
    }

    /// The list's version now; `nil` when the database has no tables.
    public func fingerprint(path: String, known: FileFingerprint?) throws(StorageError) -> FileFingerprint? {
        try perform(on: path, saving: false) { link throws(PostgreSQLError) in
            let table = DirectoryTable(schema: link.kind ?? Self.kind(of: path))
            return try DatabaseTables.version(of: table, on: link.connection).map(Self.fingerprint)
        }
    }

    /// No lock: saves of a database are kept apart by row revisions and the version counter.
    public func lock(path: String) throws(StorageError) -> FileLock {
        FileLock {}
    }

    /// A database is not a file to import from.
    public func readBytes(path: String) throws(StorageError) -> [UInt8] {
        throw .unreadable(path: path, reason: "a database cannot be imported; import reads CSV, JSON and vCard files")
    }

    /// A database is not a file to export to.
    public func writeBytes(_ bytes: [UInt8], to path: String) throws(StorageError) {
        throw .writeFailed(path: path, reason: "export writes files; use 'save as' to copy the list into a database")
    }

    /// `records` sorted by `positions` (stable), or as they are when already in order.
    static func inListOrder(_ records: [Record], positions: [Double]) -> [Record] {
        guard let order = listOrder(positions) else { return records }
        return order.map { records[$0] }
    }

    /// The order that sorts rows by `positions` (stable), or `nil` when they are in order.
    static func listOrder(_ positions: [Double]) -> [Int]? {
        if zip(positions, positions.dropFirst()).allSatisfy({ $0 <= $1 }) { return nil }
        return positions.indices.sorted { (positions[$0], $0) < (positions[$1], $1) }
    }

    /// A row's position: whole numbers (what saves write) read from the digits, anything
    /// else through `Double`.
    static func position(_ field: UnsafeRawBufferPointer) -> Double? {
        if !field.isEmpty, field.count <= 15 {
            var value = 0
            for byte in field {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return Double(CopyText.text(field)) }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return Double(value)
        }
        return Double(CopyText.text(field))
    }

    /// The fingerprint that stands for `version`.
    static func fingerprint(_ version: Int64) -> FileFingerprint {
        FileFingerprint(size: 0, modified: 0, hash: UInt64(bitPattern: version))
    }

    /// The kind a location holds when nothing else says: a bucket list when its text names one.
    static func kind(of path: String) -> RecordSchema {
        path.lowercased().contains("bucket") ? .bucket : .person
    }
}
