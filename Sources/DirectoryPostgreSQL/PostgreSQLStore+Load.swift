import DirectoryCore

/// Loading a list: every row in one `COPY … TO STDOUT` of a read-only snapshot, with the
/// version it has, read back into records (`DirectoryTable+Reading`) and put in the list's
/// order by each row's `position`.
extension PostgreSQLStore {
    /// Reads the whole list with `COPY … TO STDOUT` in one snapshot with its version. The
    /// kind is `kind` (`--kind`), else the tables' (bucket items when only they have rows),
    /// never the location's text. A database with no directory is an empty list whose
    /// version is `nil`; anything else that is not a directory throws, saying why.
    public func load(location: String, kind: ListKind?, fallback: ListKind) throws(StorageError)
        -> LoadedList?
    {
        try perform(on: location, saving: false) { link throws(PostgreSQLError) in
            let connection = link.connection
            try connection.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            let found: (LoadedList, layout: Int?)
            do throws(PostgreSQLError) {
                found = try Self.read(kind: kind, link: link)
                try connection.run("COMMIT")
            } catch {
                _ = try? connection.run("ROLLBACK")
                throw error
            }
            if let layout = found.layout, layout < DatabaseTables.layoutVersion { Self.upgradeIfAllowed(connection) }
            return found.0
        }
    }

    /// The list in the open read transaction, and the tables' layout (`nil`: no tables).
    private static func read(kind asked: ListKind?, link: Link) throws(PostgreSQLError) -> (LoadedList, layout: Int?) {
        let connection = link.connection
        var kind = asked ?? .person
        let complete = try DatabaseTables.place(on: connection).present.count == DatabaseTables.names.count
        if asked == nil, complete { kind = try DatabaseTables.storedKind(on: connection) }
        link.kind = kind
        let table = DirectoryTable(kind: kind)
        guard let version = try DatabaseTables.version(of: table, on: connection) else {
            link.forgetCounted()
            return (LoadedList(kind: kind, records: [], format: nil, version: nil), nil)
        }
        let statements = try TableStatements(table: table, connection: connection)
        var list = RecordList.Builder(kind: kind)
        var texts = [Range<Int>?](repeating: nil, count: kind.fields.count)
        var positions: [Double] = []
        var fields: [CopyText.Field] = []
        try connection.copyOut(statements.copyOut) { row throws(PostgreSQLError) in
            CopyText.fields(of: row, into: &fields)
            guard let last = fields.last, let position = last, let value = Self.position(row.extracting(position))
            else {
                throw table.unreadable(fields, in: row)
            }
            try table.append(fields, of: row, to: &list, texts: &texts)
            positions.append(value)
        }
        link.forgetCounted()
        var records = list.finish()
        if let order = Self.listOrder(positions) { records.reorder(order) }
        let loaded = LoadedList(kind: kind, records: records, format: nil, version: .counter(version.version))
        return (loaded, version.layout)
    }

    /// Upgrades tables of an older layout in a transaction of their own, when this role
    /// may (their owner); others read them as they are, and their saves say who must upgrade.
    private static func upgradeIfAllowed(_ connection: PostgreSQLConnection) {
        do throws(PostgreSQLError) {
            try connection.run("BEGIN")
            try DatabaseTables.prepare(on: connection)
            try connection.run("COMMIT")
        } catch {
            _ = try? connection.run("ROLLBACK")
        }
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
    static func position(_ field: Span<UInt8>) -> Double? {
        if !field.isEmpty, field.count <= 15 {
            var value = 0
            for index in field.indices {
                let byte = field[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                    return Double(CopyText.text(field))
                }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return Double(value)
        }
        return Double(CopyText.text(field))
    }
}
