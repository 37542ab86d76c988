/// Creating the tables of a directory, and the one-row-per-list version counter
/// every save bumps (the database's "fingerprint").
enum DatabaseTables {
    /// The layout this release writes, kept in `directory_schema` so later ones can migrate.
    static let layoutVersion = 1
    /// The channel the tables' triggers notify on; the payload is `SCHEMA.TABLE COUNT NONCE`.
    static let channel = "directory_changes"
    /// Serialises two sessions creating the tables at once (a transaction-scoped advisory lock).
    static let creationLock = "SELECT pg_advisory_xact_lock(74209131)"

    /// Whether the list's table exists in the connection's search path.
    static func exist(_ table: DirectoryTable, on connection: PostgreSQLConnection) throws(PostgreSQLError) -> Bool {
        try connection.run("SELECT to_regclass($1) IS NOT NULL", [try connection.quoted(table.name)])
            .value(row: 0, column: 0) == "t"
    }

    /// The list's version now, or `nil` when it has no tables.
    static func version(of table: DirectoryTable, on connection: PostgreSQLConnection) throws(PostgreSQLError)
        -> Int64?
    {
        guard try connection.run("SELECT to_regclass('directory_versions') IS NOT NULL").value(row: 0, column: 0) == "t"
        else { return nil }
        let result = try connection.run("SELECT version FROM directory_versions WHERE list = $1", [table.name])
        return result.value(row: 0, column: 0).flatMap { Int64($0) }
    }

    /// Creates whatever is missing, inside the caller's transaction.
    /// Nothing is done when every table is there: editors who do not own them may still save.
    static func create(on connection: PostgreSQLConnection) throws(PostgreSQLError) {
        try connection.run(creationLock)
        var present =
            try connection.run("SELECT to_regclass('directory_versions') IS NOT NULL")
            .value(row: 0, column: 0) == "t"
        for table in DirectoryTable.all where present { present = try exist(table, on: connection) }
        if present { return }
        var statements = [
            "CREATE TABLE IF NOT EXISTS directory_schema (version integer NOT NULL)",
            "INSERT INTO directory_schema SELECT \(layoutVersion) WHERE NOT EXISTS (SELECT 1 FROM directory_schema)",
            "CREATE TABLE IF NOT EXISTS directory_versions (list text PRIMARY KEY, version bigint NOT NULL)",
            """
            CREATE OR REPLACE FUNCTION directory_notify() RETURNS trigger LANGUAGE plpgsql AS $body$
            DECLARE changed bigint;
            BEGIN
                SELECT count(*) INTO changed FROM changed_rows;
                IF changed > 0 THEN
                    -- The random part keeps PostgreSQL from folding equal notices of one transaction into one.
                    PERFORM pg_notify('\(channel)',
                        TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME || ' ' || changed || ' ' || gen_random_uuid());
                END IF;
                RETURN NULL;
            END $body$
            """,
        ]
        for table in DirectoryTable.all {
            let name = try connection.quoted(table.name)
            statements.append(try table.createStatement(quote: connection.quoted))
            statements.append(
                "CREATE INDEX IF NOT EXISTS \(try connection.quoted(table.name + "_position")) ON \(name) (position)")
            statements.append(
                "INSERT INTO directory_versions VALUES ('\(table.name)', 0) ON CONFLICT (list) DO NOTHING")
            for (event, rows) in [("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")] {
                let trigger = try connection.quoted("\(table.name)_\(event.lowercased())_notify")
                statements.append(
                    "CREATE OR REPLACE TRIGGER \(trigger) AFTER \(event) ON \(name) REFERENCING \(rows) TABLE AS "
                        + "changed_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_notify()")
            }
        }
        for statement in statements { try connection.run(statement) }
    }

    /// Bumps the list's version from `expected` (or from whatever it is, when `nil`);
    /// `nil` when another session bumped it first.
    static func bump(_ table: DirectoryTable, from expected: Int64?, on connection: PostgreSQLConnection)
        throws(PostgreSQLError) -> Int64?
    {
        let result: PostgreSQLResult
        if let expected {
            result = try connection.run(
                "UPDATE directory_versions SET version = version + 1 WHERE list = $1 AND version = $2::bigint "
                    + "RETURNING version", [table.name, String(expected)])
        } else {
            result = try connection.run(
                "UPDATE directory_versions SET version = version + 1 WHERE list = $1 RETURNING version", [table.name])
        }
        return result.value(row: 0, column: 0).flatMap { Int64($0) }
    }
}
