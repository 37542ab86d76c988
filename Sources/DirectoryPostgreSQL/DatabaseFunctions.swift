/// The server-side functions and triggers of layout 5, which make every write count,
/// whoever makes it (this program, psql, another program): each row written gets the
/// list's next version as its `revision`, each transaction bumps the list's version once,
/// deleted ids are logged in `directory_deletions`, and listeners are notified.
///
/// The bodies name their schema's tables and functions explicitly (`schema` is the quoted
/// schema), so a writer whose `search_path` points elsewhere still bumps the right list; and
/// each schema has settings of its own (`tag`), so one transaction may write the directories
/// of two schemas. The functions that write the bookkeeping tables run as their owner
/// (`SECURITY DEFINER`, with a fixed `search_path`): editors write the lists' tables, and only
/// those functions write the bookkeeping tables, which editors may read but not change.
struct DatabaseFunctions {
    /// The quoted schema the functions are created in.
    let schema: String
    /// What tells this schema's settings from another schema's: hex digits of the md5 of its
    /// name (a setting's name may hold only letters, digits and `_`).
    let tag: String

    /// How every function runs: as the tables' owner, finding nothing through the caller's `search_path`.
    static let runsAsOwner = "SECURITY DEFINER SET search_path = pg_catalog, pg_temp"

    /// The setting that holds the version a transaction claimed for `list` in this schema, as
    /// `VERSION VERSIONS_TABLE_OID`; it lasts until the transaction ends.
    func claimSetting(_ list: String) -> String { "directory." + list + "_" + tag }

    /// The setting that holds that version alone, set with `claimSetting`: what the stamp
    /// reads for every row, with no string to split.
    func versionSetting(_ list: String) -> String { "directory." + list + "_version_" + tag }

    /// The version this transaction claimed for `list`, `NULL` before it claimed one: as SQL.
    func claimedVersion(_ list: String) -> String {
        "nullif(current_setting('\(versionSetting(list))', true), '')::bigint"
    }

    /// The name of `table`'s stamp function (one per table, so its settings' names are constants).
    static func stampFunction(of table: DirectoryTable) -> String { "directory_stamp_" + table.name }

    /// `directory_claim(list, expected)`: bumps the list's version once per transaction and
    /// returns it; with `expected`, only when the version is still `expected` (`NULL` when it
    /// is not: someone else wrote meanwhile). Writers serialise on the version's row. A role
    /// that may not write the list's table (a reader) is refused; a login role that may
    /// write it only through `SET ROLE` (`NOINHERIT`) may.
    ///
    /// `NULL` too when `directory_versions` has no row for the list: rows are then written
    /// with the revision they carry, as a data-only restore that loads the list's table before
    /// `directory_versions` needs (the program itself refuses to open such tables).
    var claim: String {
        """
        CREATE OR REPLACE FUNCTION \(schema).directory_claim(target_list text, expected bigint) RETURNS bigint
        LANGUAGE plpgsql \(Self.runsAsOwner) AS $body$
        DECLARE
            place text;
            claimed text := nullif(current_setting('directory.' || target_list || '_\(tag)', true), '');
            claimed_version bigint;
            list_table oid;
        BEGIN
            SELECT tableoid::text INTO place FROM \(schema).directory_versions WHERE list = target_list;
            IF place IS NULL THEN RETURN NULL; END IF;
            IF claimed IS NOT NULL AND split_part(claimed, ' ', 2) = place THEN
                claimed_version := split_part(claimed, ' ', 1)::bigint;
                IF expected IS NULL OR claimed_version = expected + 1 THEN RETURN claimed_version; END IF;
                RETURN NULL;
            END IF;
            -- Called directly (not by a trigger, whose write was allowed already), only a role
            -- that may write the list bumps its version: this runs as the owner, so it asks for
            -- the login role, or the role it took with SET ROLE (a NOINHERIT login's way).
            SELECT l.oid INTO list_table FROM pg_class l, pg_class v
                WHERE v.oid = place::oid AND l.relnamespace = v.relnamespace AND l.relname = target_list;
            IF pg_trigger_depth() = 0 AND NOT has_table_privilege(session_user, list_table, 'INSERT, UPDATE, DELETE')
                AND NOT (current_setting('role') <> 'none'
                    AND has_table_privilege(current_setting('role'), list_table, 'INSERT, UPDATE, DELETE')) THEN
                RAISE EXCEPTION 'permission denied for table %', target_list USING ERRCODE = '42501';
            END IF;
            UPDATE \(schema).directory_versions SET version = version + 1
                WHERE list = target_list AND (expected IS NULL OR version = expected)
                RETURNING version INTO claimed_version;
            IF claimed_version IS NULL THEN RETURN NULL; END IF;
            PERFORM set_config('directory.' || target_list || '_\(tag)', claimed_version || ' ' || place, true);
            PERFORM set_config('directory.' || target_list || '_version_\(tag)', claimed_version::text, true);
            RETURN claimed_version;
        END $body$
        """
    }

    /// The row trigger's function of `table`: a row written without this transaction's version
    /// gets it (claimed first when the transaction has none yet; kept as it is when the list
    /// has no `directory_versions` row, as in a data-only restore). It writes nothing but the
    /// row, so it runs as the writer. Each call is one expression: the setting's name is a
    /// constant of the function and its value the version alone, so a bulk `UPDATE` pays one
    /// small call a row (layout 4's one function for every table built the setting's name and
    /// split its value, in three expressions, for each row). It is `STABLE`, which spares each
    /// call a new snapshot: it reads a setting and changes no table itself (the claim, once
    /// a transaction, is `directory_claim`'s, which runs as a volatile function of its own).
    func stamp(of table: DirectoryTable) -> String {
        """
        CREATE OR REPLACE FUNCTION \(schema).\(Self.stampFunction(of: table))() RETURNS trigger
        LANGUAGE plpgsql STABLE AS $body$
        BEGIN
            NEW.revision := coalesce(\(claimedVersion(table.name)),
                \(schema).directory_claim('\(table.name)', NULL), NEW.revision);
            RETURN NEW;
        END $body$
        """
    }

    /// The statement trigger's function after a `DELETE`: logs the deleted ids (unless the
    /// whole list was just replaced) and notifies listeners with `SCHEMA.TABLE COUNT NONCE`.
    var changed: String {
        """
        CREATE OR REPLACE FUNCTION \(schema).directory_changed() RETURNS trigger
        LANGUAGE plpgsql \(Self.runsAsOwner) AS $body$
        DECLARE
            changed bigint;
            claimed bigint;
            replaced boolean;
        BEGIN
            SELECT count(*) INTO changed FROM changed_rows;
            IF changed = 0 THEN RETURN NULL; END IF;
            IF TG_OP = 'DELETE' THEN
                claimed := \(schema).directory_claim(TG_TABLE_NAME, NULL);
                SELECT horizon >= claimed INTO replaced FROM \(schema).directory_versions WHERE list = TG_TABLE_NAME;
                IF claimed IS NOT NULL AND NOT coalesce(replaced, false) THEN
                    INSERT INTO \(schema).directory_deletions (list, id, version)
                        SELECT TG_TABLE_NAME, id, claimed FROM changed_rows;
                END IF;
            END IF;
            -- The random part keeps PostgreSQL from folding equal notices of one transaction into one.
            PERFORM pg_notify('\(DatabaseTables.channel)',
                TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME || ' ' || changed || ' ' || gen_random_uuid());
            RETURN NULL;
        END $body$
        """
    }

    /// The statement trigger's function after an `INSERT` or `UPDATE`: notifies listeners
    /// with `SCHEMA.TABLE 0 NONCE` when the transaction claimed the list's version (a row
    /// trigger stamped a row, or this program claimed it to write). It reads no transition
    /// table, so a bulk `UPDATE` keeps no copy of the rows it wrote: that copy made one of
    /// a million rows cost half as much again (layout 3).
    var written: String {
        """
        CREATE OR REPLACE FUNCTION \(schema).directory_written() RETURNS trigger
        LANGUAGE plpgsql \(Self.runsAsOwner) AS $body$
        BEGIN
            IF nullif(current_setting('directory.' || TG_TABLE_NAME || '_\(tag)', true), '') IS NULL THEN
                RETURN NULL;
            END IF;
            -- The random part keeps PostgreSQL from folding equal notices of one transaction into one.
            PERFORM pg_notify('\(DatabaseTables.channel)',
                TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME || ' 0 ' || gen_random_uuid());
            RETURN NULL;
        END $body$
        """
    }

    /// `TRUNCATE` logs no rows: it bumps the version and moves the horizon, so every
    /// session reads the whole list again.
    var truncated: String {
        """
        CREATE OR REPLACE FUNCTION \(schema).directory_truncated() RETURNS trigger
        LANGUAGE plpgsql \(Self.runsAsOwner) AS $body$
        DECLARE
            claimed bigint := \(schema).directory_claim(TG_TABLE_NAME, NULL);
        BEGIN
            UPDATE \(schema).directory_versions SET horizon = claimed WHERE list = TG_TABLE_NAME;
            DELETE FROM \(schema).directory_deletions WHERE list = TG_TABLE_NAME;
            PERFORM pg_notify('\(DatabaseTables.channel)',
                TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME || ' 1 ' || gen_random_uuid());
            RETURN NULL;
        END $body$
        """
    }

    /// `directory_replaced(list)`: after this transaction deleted every row of the list to
    /// write it whole (`save as`), moves the horizon to the version it claimed and empties the
    /// list's deletions log, so every session reads the whole list again.
    var replaced: String {
        """
        CREATE OR REPLACE FUNCTION \(schema).directory_replaced(target_list text) RETURNS void
        LANGUAGE plpgsql \(Self.runsAsOwner) AS $body$
        DECLARE
            claimed bigint := \(schema).directory_claim(target_list, NULL);
        BEGIN
            UPDATE \(schema).directory_versions SET horizon = claimed WHERE list = target_list;
            DELETE FROM \(schema).directory_deletions WHERE list = target_list;
        END $body$
        """
    }

    /// `directory_prune(list)`: drops the deletions older than the last
    /// `DatabaseTables.deletionsKept` versions before the one this transaction claimed,
    /// moving the horizon past them.
    var prune: String {
        """
        CREATE OR REPLACE FUNCTION \(schema).directory_prune(target_list text) RETURNS void
        LANGUAGE plpgsql \(Self.runsAsOwner) AS $body$
        DECLARE
            oldest bigint := \(schema).directory_claim(target_list, NULL) - \(DatabaseTables.deletionsKept);
        BEGIN
            IF oldest IS NULL OR oldest <= 0 THEN RETURN; END IF;
            DELETE FROM \(schema).directory_deletions WHERE list = target_list AND version <= oldest;
            UPDATE \(schema).directory_versions SET horizon = greatest(horizon, oldest) WHERE list = target_list;
        END $body$
        """
    }

    /// Every function, in the order they are created.
    var all: [String] { [claim] + DirectoryTable.all.map(stamp(of:)) + [changed, written, truncated, replaced, prune] }

    /// The triggers of `table` (quoted `name`), replacing earlier layouts'. Without
    /// `insertStamp`, all but `insertStamp(of:name:quote:)`, which `save as` into new tables
    /// creates after loading the rows.
    func triggers(
        of table: DirectoryTable, name: String, quote: (String) throws(PostgreSQLError) -> String,
        insertStamp: Bool = true
    ) throws(PostgreSQLError) -> [String] {
        let stamp = "\(schema).\(Self.stampFunction(of: table))()"
        // Every updated row is stamped: a `WHEN` clause would cost a psql bulk `UPDATE` (whose
        // rows all need the stamp) more than it would save this program's updates, which the
        // function gives the version they carry.
        var statements = [
            "CREATE OR REPLACE TRIGGER \(try quote(table.name + "_stamp")) BEFORE UPDATE ON \(name) "
                + "FOR EACH ROW EXECUTE FUNCTION \(stamp)"
        ]
        if insertStamp { statements.append(try self.insertStamp(of: table, name: name, quote: quote)) }
        statements.append(
            "CREATE OR REPLACE TRIGGER \(try quote(table.name + "_truncate")) BEFORE TRUNCATE ON \(name) "
                + "FOR EACH STATEMENT EXECUTE FUNCTION \(schema).directory_truncated()")
        // Deletions are logged from the deleted rows; writes only notify (layout 4): the
        // triggers of earlier layouts that kept the written rows are dropped, not replaced.
        statements.append(
            "CREATE OR REPLACE TRIGGER \(try quote(table.name + "_delete_changed")) AFTER DELETE ON \(name) "
                + "REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "
                + "\(schema).directory_changed()")
        for event in ["INSERT", "UPDATE"] {
            let trigger = try quote("\(table.name)_\(event.lowercased())_changed")
            statements.append("DROP TRIGGER IF EXISTS \(trigger) ON \(name)")
            statements.append(
                "CREATE TRIGGER \(trigger) AFTER \(event) ON \(name) FOR EACH STATEMENT EXECUTE FUNCTION "
                    + "\(schema).directory_written()")
        }
        return statements
    }

    /// The insert trigger of `table` (quoted `name`): an inserted row is stamped unless it
    /// carries this transaction's version already (this program's `COPY` of a whole list).
    /// Any `BEFORE INSERT` row trigger, even one whose `WHEN` is false for every row, makes
    /// the server's `COPY` insert row by row instead of in batches.
    func insertStamp(of table: DirectoryTable, name: String, quote: (String) throws(PostgreSQLError) -> String)
        throws(PostgreSQLError) -> String
    {
        "CREATE OR REPLACE TRIGGER \(try quote(table.name + "_stamp_insert")) BEFORE INSERT ON \(name) "
            + "FOR EACH ROW WHEN (NEW.revision IS DISTINCT FROM \(claimedVersion(table.name))) "
            + "EXECUTE FUNCTION \(schema).\(Self.stampFunction(of: table))()"
    }

    /// Takes back every right to change the bookkeeping tables (`directory_schema`,
    /// `directory_versions`, `directory_deletions`) from every role but their owner, PUBLIC
    /// included, whatever default privileges gave; the right to read them stays.
    static let ownerOnlyBookkeeping = """
        DO $do$
        DECLARE
            entry record;
        BEGIN
            FOR entry IN
                SELECT DISTINCT c.oid::regclass AS tab,
                    CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee)) END AS who
                FROM pg_class c, aclexplode(c.relacl) a
                WHERE c.relnamespace = quote_ident(current_schema())::regnamespace
                    AND c.relname IN ('directory_schema', 'directory_versions', 'directory_deletions')
                    AND a.grantee <> c.relowner
                    AND a.privilege_type IN ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER')
            LOOP
                EXECUTE format('REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON %s FROM %s',
                    entry.tab, entry.who);
            END LOOP;
        END $do$
        """
}
