/// The server-side functions and triggers of layout 2, which make every write count,
/// whoever makes it (this program, psql, another program): each row written gets the
/// list's next version as its `revision`, each transaction bumps the list's version once,
/// deleted ids are logged in `directory_deletions`, and listeners are notified.
///
/// The bodies name their schema's tables and functions explicitly (`schema` is the quoted
/// schema), so a writer whose `search_path` points elsewhere still bumps the right list.
struct DatabaseFunctions {
    /// The quoted schema the functions are created in.
    let schema: String

    /// The setting that holds the version a transaction claimed for `list`, as
    /// `VERSION VERSIONS_TABLE_OID`; it lasts until the transaction ends.
    static func claimSetting(_ list: String) -> String { "directory." + list }

    /// `directory_claim(list, expected)`: bumps the list's version once per transaction and
    /// returns it; with `expected`, only when the version is still `expected` (`NULL` when it
    /// is not: someone else wrote meanwhile). Writers serialise on the version's row.
    var claim: String {
        """
        CREATE OR REPLACE FUNCTION \(schema).directory_claim(target_list text, expected bigint) RETURNS bigint
        LANGUAGE plpgsql AS $body$
        DECLARE
            place text;
            claimed text := nullif(current_setting('directory.' || target_list, true), '');
            claimed_version bigint;
        BEGIN
            SELECT tableoid::text INTO place FROM \(schema).directory_versions WHERE list = target_list;
            IF place IS NULL THEN
                RAISE EXCEPTION 'directory_versions has no row for %', target_list
                    USING HINT = 'restore it as the tables'' owner: INSERT INTO directory_versions (list, version, '
                        || 'horizon) SELECT ''' || target_list || ''', coalesce(max(revision), 0), '
                        || 'coalesce(max(revision), 0) FROM ' || target_list;
            END IF;
            IF claimed IS NOT NULL AND split_part(claimed, ' ', 2) = place THEN
                claimed_version := split_part(claimed, ' ', 1)::bigint;
                IF expected IS NULL OR claimed_version = expected + 1 THEN RETURN claimed_version; END IF;
                RETURN NULL;
            END IF;
            UPDATE \(schema).directory_versions SET version = version + 1
                WHERE list = target_list AND (expected IS NULL OR version = expected)
                RETURNING version INTO claimed_version;
            IF claimed_version IS NULL THEN RETURN NULL; END IF;
            PERFORM set_config('directory.' || target_list, claimed_version || ' ' || place, true);
            RETURN claimed_version;
        END $body$
        """
    }

    /// The row trigger's function: a row written without this transaction's version gets it.
    var stamp: String {
        """
        CREATE OR REPLACE FUNCTION \(schema).directory_stamp() RETURNS trigger LANGUAGE plpgsql AS $body$
        BEGIN
            NEW.revision := \(schema).directory_claim(TG_TABLE_NAME, NULL);
            RETURN NEW;
        END $body$
        """
    }

    /// The statement trigger's function: logs deleted ids (unless the whole list was just
    /// replaced) and notifies listeners with `SCHEMA.TABLE COUNT NONCE`.
    var changed: String {
        """
        CREATE OR REPLACE FUNCTION \(schema).directory_changed() RETURNS trigger LANGUAGE plpgsql AS $body$
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
                IF NOT coalesce(replaced, false) THEN
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

    /// `TRUNCATE` logs no rows: it bumps the version and moves the horizon, so every
    /// session reads the whole list again.
    var truncated: String {
        """
        CREATE OR REPLACE FUNCTION \(schema).directory_truncated() RETURNS trigger LANGUAGE plpgsql AS $body$
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

    /// The triggers of `table` (quoted `name`), replacing layout 1's.
    func triggers(of table: DirectoryTable, name: String, quote: (String) throws(PostgreSQLError) -> String)
        throws(PostgreSQLError) -> [String]
    {
        let claimed =
            "nullif(split_part(current_setting('\(Self.claimSetting(table.name))', true), ' ', 1), '')::bigint"
        var statements = [
            "CREATE OR REPLACE TRIGGER \(try quote(table.name + "_stamp")) BEFORE INSERT OR UPDATE ON \(name) "
                + "FOR EACH ROW WHEN (NEW.revision IS DISTINCT FROM \(claimed)) "
                + "EXECUTE FUNCTION \(schema).directory_stamp()",
            "CREATE OR REPLACE TRIGGER \(try quote(table.name + "_truncate")) BEFORE TRUNCATE ON \(name) "
                + "FOR EACH STATEMENT EXECUTE FUNCTION \(schema).directory_truncated()",
        ]
        for (event, rows) in [("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")] {
            let trigger = try quote("\(table.name)_\(event.lowercased())_changed")
            statements.append(
                "CREATE OR REPLACE TRIGGER \(trigger) AFTER \(event) ON \(name) REFERENCING \(rows) TABLE AS "
                    + "changed_rows FOR EACH STATEMENT EXECUTE FUNCTION \(schema).directory_changed()")
        }
        return statements
    }
}
