import DirectoryCore

/// The tables of a directory: telling a directory from a new database or from something
/// else, creating and upgrading them, and the one-row-per-list version counter that every
/// write bumps (the list's `ListVersion.counter`).
enum DatabaseTables {
    /// The layout this release writes, kept in `directory_schema`: 1 had no triggers that
    /// stamp rows, 2 stamps every write and logs deletions, 3 keeps each schema's settings
    /// apart and lets only the functions (run as the owner) write the bookkeeping tables, 4
    /// notifies of inserts and updates without keeping the written rows (a bulk `UPDATE` at
    /// nearly psql's speed), 5 stamps rows with one function per table that reads the claimed
    /// version from a setting of its own in one expression, with no `WHEN` clause on updates.
    static let layoutVersion = 5
    /// The channel the tables' triggers notify on; the payload is `SCHEMA.TABLE COUNT NONCE`.
    static let channel = "directory_changes"
    /// Serialises two sessions creating or upgrading the tables at once (a transaction-scoped advisory lock).
    static let creationLock = "SELECT pg_advisory_xact_lock(74209131)"
    /// How many versions of deletions the log keeps: a session that read an older version reads the whole list again.
    static let deletionsKept: Int64 = 10_000

    /// A list's version as the database has it.
    struct ListVersion: Equatable {
        /// The version counter, bumped by every transaction that writes the list.
        var version: Int64
        /// Changes since a version older than this cannot be told apart (the whole list was
        /// replaced, or the deletions log was pruned): such a reader reads everything again.
        var horizon: Int64
        /// The table layout (`directory_schema`).
        var layout: Int
    }

    /// Where the connection's tables are: its schema, quoted, and which directory tables it holds.
    struct Place {
        /// `current_schema()`, or `nil` when the search path names no schema that exists.
        var schema: String?
        /// The directory tables (of `names`) that exist there.
        var present: Set<String>
    }

    /// Every table a directory has.
    static var names: [String] { ["directory_schema", "directory_versions"] + DirectoryTable.all.map(\.name) }

    /// The schema and which of the directory's tables are in it.
    static func place(on connection: PostgreSQLConnection) throws(PostgreSQLError) -> Place {
        let schema = try connection.run("SELECT current_schema()").value(row: 0, column: 0)
        var present = Set<String>()
        guard let schema else { return Place(schema: nil, present: []) }
        let result = try connection.run(
            "SELECT c.relname FROM pg_class c WHERE c.relnamespace = $1::regnamespace AND c.relname = ANY($2) "
                + "AND c.relkind IN ('r', 'p')",
            [try connection.quoted(schema), "{" + names.joined(separator: ",") + "}"])
        for row in 0..<result.rowCount { if let name = result.value(row: row, column: 0) { present.insert(name) } }
        return Place(schema: schema, present: present)
    }

    /// The schemas the search path names that exist but this role may not use, or `nil`.
    static func barredSchemas(on connection: PostgreSQLConnection) throws(PostgreSQLError) -> String? {
        try connection.run(
            "SELECT string_agg(quote_ident(n.nspname), ', ' ORDER BY n.nspname) FROM pg_namespace n "
                + "WHERE NOT has_schema_privilege(n.oid, 'USAGE') AND n.nspname IN ("
                + "SELECT CASE WHEN s = '$user' THEN current_user::text ELSE s END FROM ("
                + "SELECT btrim(btrim(entry), '\"') AS s "
                + "FROM unnest(string_to_array(current_setting('search_path'), ',')) AS entry) AS entries)"
        ).value(row: 0, column: 0)
    }

    /// The list's version, or `nil` for a database (or schema) that holds no directory at all.
    /// Anything else that is not a directory this release can use throws, saying how to fix it.
    /// With `creating`, an empty schema is new even when other schemas hold directories (`save as`).
    static func version(of table: DirectoryTable, on connection: PostgreSQLConnection, creating: Bool = false)
        throws(PostgreSQLError) -> ListVersion?
    {
        let place = try place(on: connection)
        guard let schema = place.schema else {
            let path = try connection.run("SELECT current_setting('search_path')").value(row: 0, column: 0) ?? ""
            // `current_schema()` leaves out a schema the role may not use: say that, not "create it".
            if let barred = try barredSchemas(on: connection) {
                let role = try connection.run("SELECT current_user").value(row: 0, column: 0) ?? "this role"
                throw PostgreSQLError(
                    "not a directory you may use: role \(role) has no USAGE privilege on schema \(barred) (the "
                        + "search_path's); ask the directory's owner to grant it to the editors' role "
                        + "(GRANT USAGE ON SCHEMA \(barred) TO …, as in docs/postgresql.md)")
            }
            throw PostgreSQLError(
                "not a directory: the search_path (\(path)) names no schema that exists; create the schema "
                    + "(CREATE SCHEMA …) or correct options=-csearch_path in the location")
        }
        if place.present.isEmpty {
            if !creating { try refuseOtherSchemas(than: schema, on: connection) }
            return nil
        }
        let missing = names.filter { !place.present.contains($0) }
        guard missing.isEmpty else {
            throw PostgreSQLError(
                "not a directory: schema \(schema) has \(place.present.sorted().joined(separator: ", ")) but lacks "
                    + "\(missing.joined(separator: ", ")); restore the missing tables (from a backup, or as in "
                    + "docs/postgresql.md), or point the location at another database or schema")
        }
        let found = try connection.run("SELECT max(version) FROM directory_schema").value(row: 0, column: 0)
        guard let layout = found.flatMap({ Int($0) }) else {
            throw PostgreSQLError(
                "not a directory: directory_schema holds no layout version; restore it as the tables' owner with "
                    + "INSERT INTO directory_schema VALUES (\(layoutVersion))")
        }
        guard layout <= layoutVersion else {
            throw PostgreSQLError(
                "the tables were made by a newer release of directory (table layout \(layout); this release knows "
                    + "layouts up to \(layoutVersion)), so it neither reads nor writes them; upgrade directory")
        }
        let horizon = layout >= 2 ? "horizon" : "version"
        let row = try connection.run(
            "SELECT version, \(horizon) FROM directory_versions WHERE list = $1", [table.name])
        guard let version = row.value(row: 0, column: 0).flatMap({ Int64($0) }),
            let start = row.value(row: 0, column: 1).flatMap({ Int64($0) })
        else {
            throw PostgreSQLError(
                "not a directory: directory_versions has no row for \(table.name), so changes cannot be tracked; "
                    + "restore it as the tables' owner with INSERT INTO directory_versions (list, version) SELECT "
                    + "'\(table.name)', coalesce(max(revision), 0) FROM \(table.name)")
        }
        return ListVersion(version: version, horizon: start, layout: layout)
    }

    /// A schema the location's `search_path` names that is empty while other schemas of the
    /// database hold a directory is most likely the wrong place, not a new directory (the
    /// default search path's empty schema is: that is a database's first directory). It is a
    /// new directory for a role that may create tables there and is not a superuser: the
    /// owner role of the set-up (`role=dept_owner`) starting a second department's schema.
    private static func refuseOtherSchemas(than schema: String, on connection: PostgreSQLConnection)
        throws(PostgreSQLError)
    {
        let chosen = try connection.run(
            "SELECT current_setting('search_path') <> boot_val AND NOT (has_schema_privilege($1, 'CREATE') "
                + "AND NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)) "
                + "FROM pg_settings WHERE name = 'search_path'", [schema])
        guard chosen.value(row: 0, column: 0) == "t" else { return }
        let others = try connection.run(
            "SELECT string_agg(DISTINCT n.nspname, ', ' ORDER BY n.nspname) FROM pg_class c "
                + "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relname = 'directory_versions' "
                + "AND c.relkind IN ('r', 'p') AND n.nspname <> $1", [schema]
        ).value(row: 0, column: 0)
        guard let others else { return }
        throw PostgreSQLError(
            "not a directory: schema \(schema) (the search_path's) has no directory tables, but \(others) "
                + "has; point the location at it (options=-csearch_path%3D\(others.split(separator: ",")[0])), "
                + "or start a new directory in \(schema) with 'save as' followed by the location")
    }

    /// The kind of list the tables hold when nothing says: bucket items when only they have rows.
    static func storedKind(on connection: PostgreSQLConnection) throws(PostgreSQLError) -> ListKind {
        let result = try connection.run(
            "SELECT EXISTS (SELECT 1 FROM people), EXISTS (SELECT 1 FROM bucket_items)")
        let people = result.value(row: 0, column: 0) == "t"
        let bucket = result.value(row: 0, column: 1) == "t"
        return bucket && !people ? .bucket : .person
    }

    /// Creates whatever is missing, or upgrades an older layout, inside the caller's transaction.
    /// Nothing is done when every table is there in this layout: editors who do not own them may still save.
    /// Returns a warning when a superuser just created the tables in a schema other roles were
    /// given: they own them, so those roles cannot write them (`ownerWarning`).
    @discardableResult
    static func prepare(on connection: PostgreSQLConnection) throws(PostgreSQLError) -> String? {
        try prepare(on: connection, loading: nil).warning
    }

    /// `prepare(on:)` for a transaction that loads `loading`'s rows next (`save as`). When it
    /// creates every table, that table is created bare, as pg_restore loads a table: its primary
    /// key, its indexes and its insert trigger are returned in `afterLoad`, for the caller to run
    /// after its `COPY`, in the same transaction. Building an index from the loaded rows is a
    /// sort, much cheaper than inserting each row into it; and with a `BEFORE INSERT` row
    /// trigger on the table, the server inserts a `COPY`'s rows one at a time instead of in
    /// batches. The tables end as `prepare(on:)` makes them, under the same names.
    static func prepare(on connection: PostgreSQLConnection, loading: DirectoryTable?) throws(PostgreSQLError)
        -> (warning: String?, afterLoad: [String])
    {
        if try isCurrent(on: connection) { return (nil, []) }
        try connection.run(creationLock)
        if try isCurrent(on: connection) { return (nil, []) }
        let place = try place(on: connection)
        let layout = place.present.contains("directory_schema") ? try self.layout(on: connection) : nil
        if let layout, layout > layoutVersion {
            throw PostgreSQLError(
                "the tables were made by a newer release of directory (table layout \(layout)), so this release "
                    + "does not write to them; upgrade directory")
        }
        guard let quotedSchema = try place.schema.map(connection.quoted) else {
            throw PostgreSQLError("the search_path names no schema that exists; create it or correct the location")
        }
        let tag = try connection.run("SELECT left(md5(current_schema()), 16)").value(row: 0, column: 0) ?? ""
        let functions = DatabaseFunctions(schema: quotedSchema, tag: tag)
        var statements = [
            // "already exists, skipping" and the like are not for the user.
            "SET LOCAL client_min_messages = warning",
            "CREATE TABLE IF NOT EXISTS directory_schema (version integer NOT NULL)",
            "INSERT INTO directory_schema SELECT \(layoutVersion) WHERE NOT EXISTS (SELECT 1 FROM directory_schema)",
            "CREATE TABLE IF NOT EXISTS directory_versions (list text PRIMARY KEY, version bigint NOT NULL, "
                + "horizon bigint NOT NULL DEFAULT 0)",
            "ALTER TABLE directory_versions ADD COLUMN IF NOT EXISTS horizon bigint NOT NULL DEFAULT 0",
            "CREATE TABLE IF NOT EXISTS directory_deletions (list text NOT NULL, id uuid NOT NULL, "
                + "version bigint NOT NULL)",
            "CREATE INDEX IF NOT EXISTS directory_deletions_version ON directory_deletions (list, version)",
            "DROP FUNCTION IF EXISTS \(quotedSchema).directory_notify() CASCADE",
        ]
        statements += functions.all
        if layout == 1 {
            // Layout 1 logged no deletions: a session that read before the upgrade reads everything again.
            statements.append("UPDATE directory_versions SET horizon = version")
        }
        var afterLoad: [String] = []
        for table in DirectoryTable.all {
            let name = try connection.quoted(table.name)
            let bare = place.present.isEmpty && table.name == loading?.name
            statements.append(try table.createStatement(quote: connection.quoted, primaryKey: !bare))
            var indexes = [
                "CREATE INDEX IF NOT EXISTS \(try connection.quoted(table.name + "_position")) ON \(name) (position)",
                "CREATE INDEX IF NOT EXISTS \(try connection.quoted(table.name + "_revision")) ON \(name) (revision)",
            ]
            if bare {
                indexes.insert(try table.primaryKeyStatement(quote: connection.quoted), at: 0)
                afterLoad = indexes + [try functions.insertStamp(of: table, name: name, quote: connection.quoted)]
            } else {
                statements += indexes
            }
            statements.append(
                "INSERT INTO directory_versions (list, version) VALUES ('\(table.name)', 0) "
                    + "ON CONFLICT (list) DO NOTHING")
            statements += try functions.triggers(of: table, name: name, quote: connection.quoted, insertStamp: !bare)
        }
        // Layouts 2 to 4 stamped every table with one function, which no trigger calls now.
        statements.append("DROP FUNCTION IF EXISTS \(quotedSchema).directory_stamp()")
        statements.append(DatabaseFunctions.ownerOnlyBookkeeping)
        statements.append("UPDATE directory_schema SET version = \(layoutVersion)")
        for statement in statements { try connection.run(statement) }
        return (place.present.isEmpty ? try ownerWarning(on: connection) : nil, afterLoad)
    }

    /// When the tables were just created by a superuser in a schema whose use was granted to
    /// other roles (a department's, as docs/postgresql.md sets it up): those roles will be
    /// refused writes later, so this says so now, and how to do it instead.
    private static func ownerWarning(on connection: PostgreSQLConnection) throws(PostgreSQLError) -> String? {
        let found = try connection.run(
            "SELECT current_user, n.nspname FROM pg_namespace n WHERE n.oid = quote_ident(current_schema())::regnamespace "
                + "AND (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) "
                + "AND EXISTS (SELECT 1 FROM aclexplode(n.nspacl) a WHERE a.grantee <> 0 AND a.grantee <> n.nspowner "
                + "AND a.privilege_type = 'USAGE' AND NOT (SELECT rolsuper FROM pg_roles WHERE oid = a.grantee))")
        guard let user = found.value(row: 0, column: 0), let schema = found.value(row: 0, column: 1) else {
            return nil
        }
        return "the directory's tables were created by \(user), a superuser, who owns them: the roles schema "
            + "\(schema) was granted to cannot write them. For a department, drop them and create them as its "
            + "owner role (add options=-crole%3Ddept_owner to the location, as docs/postgresql.md sets up), or "
            + "give them to it: ALTER TABLE … OWNER TO dept_owner for each table"
    }

    /// Whether every table is there in this release's layout.
    private static func isCurrent(on connection: PostgreSQLConnection) throws(PostgreSQLError) -> Bool {
        guard try place(on: connection).present.count == names.count else { return false }
        return try layout(on: connection) == layoutVersion
    }

    /// The layout in `directory_schema`, or `nil` when it holds none.
    private static func layout(on connection: PostgreSQLConnection) throws(PostgreSQLError) -> Int? {
        try connection.run("SELECT max(version) FROM directory_schema").value(row: 0, column: 0).flatMap { Int($0) }
    }

    /// Claims the list's next version for this transaction: from `expected` (or from whatever
    /// it is, when `nil`); `nil` when another writer bumped it first. Rows written afterwards
    /// with that version as their revision are not stamped again by the triggers.
    static func claim(_ table: DirectoryTable, from expected: Int64?, on connection: PostgreSQLConnection)
        throws(PostgreSQLError) -> Int64?
    {
        try connection.run("SELECT directory_claim($1, $2::bigint)", [table.name, expected.map { String($0) }])
            .value(row: 0, column: 0).flatMap { Int64($0) }
    }

    /// Drops deletions older than `deletionsKept` versions before `version`, the version this
    /// transaction claimed (every thousandth version), moving the horizon past them.
    static func prune(_ table: DirectoryTable, at version: Int64, on connection: PostgreSQLConnection)
        throws(PostgreSQLError)
    {
        guard version % 1000 == 0, version > deletionsKept else { return }
        try connection.run("SELECT directory_prune($1)", [table.name])
    }

    /// After this transaction deleted every row of the list to write it whole: every session
    /// reads the whole list again (the horizon moves to the claimed version, the deletions go).
    static func replaced(_ table: DirectoryTable, on connection: PostgreSQLConnection) throws(PostgreSQLError) {
        try connection.run("SELECT directory_replaced($1)", [table.name])
    }
}
