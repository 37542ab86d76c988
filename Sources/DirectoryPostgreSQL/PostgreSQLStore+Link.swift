import DirectoryCore
import Synchronization

extension PostgreSQLStore {
    /// One location's open connection, the kind of list it holds, and the changes
    /// others made that it heard of since the list was last read or written.
    final class Link {
        let connection: PostgreSQLConnection
        /// The kind (`SCHEMA.`) whose notifications are about this directory.
        let schemaPrefix: String
        /// The list's identity for its recovery journal (`PostgreSQLStore.journalIdentity`).
        let identity: String
        /// The kind of list last read or written here.
        var kind: ListKind?
        /// What was heard of others' changes, and the last count of them.
        var tally = ChangeTally()

        /// Sets the session up on `connection`: lock waits bounded by `lockTimeout` seconds
        /// unless the user, the role or the database chose a bound (a `lock_timeout` of their
        /// own, `0` included), and listening for the tables' notifications.
        init(connection: PostgreSQLConnection, lockTimeout: Int) throws(PostgreSQLError) {
            self.connection = connection
            let setup = try connection.run(
                """
                SELECT current_schema(), (SELECT set_config('lock_timeout', $1, false) FROM pg_settings
                    WHERE name = 'lock_timeout' AND setting = '0'
                    AND source IN ('default', 'configuration file', 'command line', 'environment variable'))
                """, ["\(lockTimeout)s"])
            schemaPrefix = (setup.value(row: 0, column: 0) ?? "public") + "."
            identity = Self.identity(of: connection.server, schema: String(schemaPrefix.dropLast()))
            try connection.run("LISTEN " + (try connection.quoted(DatabaseTables.channel)))
        }

        /// `host=… port=… dbname=… schema=…`, each value quoted as libpq quotes one when it
        /// has to be.
        static func identity(of server: (host: String, port: String, database: String), schema: String) -> String {
            let quoted = { (value: String) -> String in
                guard value.isEmpty || value.contains(where: { $0.isWhitespace || $0 == "'" || $0 == "\\" }) else {
                    return value
                }
                return "'" + String(value.flatMap { $0 == "'" || $0 == "\\" ? ["\\", $0] : [$0] }) + "'"
            }
            return "host=\(quoted(server.host)) port=\(quoted(server.port)) dbname=\(quoted(server.database)) "
                + "schema=\(quoted(schema))"
        }

        /// Reads what arrived and notes whether others wrote this list's table.
        func listen() throws(PostgreSQLError) {
            let table = schemaPrefix + DirectoryTable(kind: kind ?? .person).name
            for notice in try connection.notifications() where notice.sender != connection.backendID {
                tally.hear(notice.payload, about: table)
            }
        }

        /// How many records others changed since version `known`: asks the server only when
        /// something was heard since the last count, or `known` moved (a merge). Counted by
        /// record, not by write: a record saved 300 times counts once.
        func changedByOthers(since known: Int64) throws(PostgreSQLError) -> Int {
            try listen()
            if let answer = tally.answer(since: known) { return answer }
            let records = try OthersChanges.count(
                in: DirectoryTable(kind: kind ?? .person), since: known, on: connection)
            tally.note(records, since: known)
            return records
        }

        /// Drops the count: the list was just read or written, so it holds what was counted.
        /// Notifications still waiting are left for the next count, which asks the server: one
        /// about a write that landed just after this one is not lost, and the others count 0.
        func forgetCounted() {
            tally.forget()
        }

        /// After a lock wait timed out: the wait's bound, and the sessions holding a lock
        /// stronger than reading on the directory's tables, in words.
        func lockHolders() -> (bound: String?, holders: [String]) {
            let bound = try? connection.run("SELECT current_setting('lock_timeout')").value(row: 0, column: 0)
            let sql = """
                SELECT a.pid, coalesce(a.usename, ''), coalesce(a.application_name, ''), coalesce(a.state, ''),
                    coalesce(to_char(a.xact_start AT TIME ZONE 'UTC', 'HH24:MI:SS'), '')
                FROM pg_stat_activity a WHERE a.pid <> pg_backend_pid() AND a.pid IN (
                    SELECT l.pid FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
                    WHERE l.granted AND l.mode <> 'AccessShareLock' AND c.relnamespace = current_schema()::regnamespace
                    AND (c.relname IN ('people', 'bucket_items') OR c.relname LIKE 'directory\\_%'))
                ORDER BY a.pid LIMIT 4
                """
            guard let result = try? connection.run(sql) else { return (bound, []) }
            let holders = (0..<result.rowCount).map { row -> String in
                let value = { (column: Int) in result.value(row: row, column: column) ?? "" }
                var details = [value(1).isEmpty ? nil : "user \(value(1))", value(2).isEmpty ? nil : value(2)]
                if !value(3).isEmpty {
                    details.append(value(4).isEmpty ? value(3) : "\(value(3)) since \(value(4)) UTC")
                }
                return "process \(value(0)) (\(details.compactMap { $0 }.joined(separator: ", ")))"
            }
            return (bound, holders)
        }
    }

    /// The server, port, database and schema that `location` reached when it was first
    /// connected (`host=/run/postgresql port=5432 dbname=dept schema=public`), as libpq
    /// resolved them from the location and the environment (`PGHOST`, `PGPORT`): a recovery
    /// journal belongs to that list, not to the words of the location, which name another
    /// server's database of the same name when the environment changes. The location itself
    /// before any connection.
    public func journalIdentity(location: String) -> String {
        state.withLock { $0.identities[location] } ?? location
    }

    /// Lets the store ask for a password when the server wants one and none was given, as
    /// psql does: `ask` gets the prompt (`Password for user alice: `) and returns what was
    /// typed, or `nil`. Only for a terminal session; the password is kept for reconnecting.
    public func askForPasswords(with ask: @escaping @Sendable (String) -> String?) {
        state.withLock { $0.askPassword = ask }
    }

    /// A new link to `location`, asking for a password when the server wants one and the
    /// store may ask; `connectTimeout` bounds the attempt.
    static func connect(_ location: String, state: inout LinkTable.State, connectTimeout: Int = 10)
        throws(PostgreSQLError) -> Link
    {
        let lockTimeout = Int(LockWait.standard.seconds)
        do throws(PostgreSQLError) {
            let connection = try PostgreSQLConnection(
                location: location, password: state.passwords[location], connectTimeout: connectTimeout)
            return try Link(connection: connection, lockTimeout: lockTimeout)
        } catch {
            guard error.authentication == .passwordNeeded, state.passwords[location] == nil,
                let ask = state.askPassword, let password = ask("Password for user \(error.user ?? ""): ")
            else { throw error }
            let connection = try PostgreSQLConnection(
                location: location, password: password, connectTimeout: connectTimeout)
            state.passwords[location] = password
            return try Link(connection: connection, lockTimeout: lockTimeout)
        }
    }

    /// Makes `link` the location's link, carrying over what the broken one knew, and says
    /// once that the connection is back when it was lost.
    static func adopt(_ link: Link, replacing old: Link?, at location: String, state: inout LinkTable.State) {
        if let old {
            link.kind = old.kind
            // What was saved while no one listened is told by the next count, from the versions.
            link.tally.heard = true
        }
        state.links[location] = link
        // The first connection's identity stays the location's for the whole run.
        if state.identities[location] == nil { state.identities[location] = link.identity }
        if state.lost.removeValue(forKey: location) != nil {
            state.news[location, default: []].append(
                "The connection to \(StoreLocation.displayName(location)) is back; others' changes are heard again.")
        }
    }

    /// Runs `body` with the location's connection, opening one when there is none or the
    /// old one broke (a stale connection after a server restart is retried once, fresh).
    /// A failure rolls back and comes out as a message naming the database.
    func perform<Value>(
        on location: String, saving: Bool, _ body: sending (Link) throws(PostgreSQLError) -> sending Value
    ) throws(StorageError) -> Value {
        do throws(PostgreSQLError) {
            return try state.withLock { state throws(PostgreSQLError) -> Value in
                var attempts = 0
                while true {
                    attempts += 1
                    let old = state.links[location]
                    let link: Link
                    if let old, old.connection.isOpen {
                        link = old
                    } else {
                        link = try Self.connect(location, state: &state)
                        Self.adopt(link, replacing: old, at: location, state: &state)
                    }
                    do throws(PostgreSQLError) {
                        return try body(link)
                    } catch {
                        var error = error
                        _ = try? link.connection.run("ROLLBACK")
                        if error.isLockTimeout {
                            let (bound, holders) = link.lockHolders()
                            error.lockHolders = holders
                            if let bound { error.message = "waited \(bound) for a lock" }
                        }
                        guard error.connectionLost || !link.connection.isOpen else { throw error }
                        state.links[location] = nil
                        state.lost[location] = link.connection.notices.endReason ?? error.message
                        guard old != nil, attempts == 1 else { throw error }
                    }
                }
            }
        } catch {
            throw Self.storageError(error, location: location, saving: saving)
        }
    }

    /// How many records others changed at `location` since version `known` (the session's;
    /// `nil`: none read), or `nil` when it is not open. Reads the notifications
    /// that arrived, and asks the server only when one did. A listening connection that broke
    /// (a restart, a terminated backend, a failover) is opened again, and what others saved
    /// meanwhile is counted from the versions.
    public func changesByOthers(at location: String, since known: ListVersion?) -> Int? {
        var since: Int64 = 0
        if case .counter(let counter)? = known { since = counter }
        return state.withLock { state -> Int? in
            guard let link = state.links[location] else { return nil }
            do throws(PostgreSQLError) {
                return try link.changedByOthers(since: since)
            } catch  where !error.connectionLost && link.connection.isOpen {
                // A table locked elsewhere: counted at a later prompt. A count the server refuses
                // (no tables now): not asked again until there is news.
                if !error.isLockTimeout { link.tally.heard = false }
                return link.tally.last
            } catch {
                let reason = link.connection.notices.endReason ?? error.message
                do throws(PostgreSQLError) {
                    let fresh = try Self.connect(location, state: &state, connectTimeout: 3)
                    state.lost[location] = state.lost[location] ?? reason
                    Self.adopt(fresh, replacing: link, at: location, state: &state)
                    return (try? fresh.changedByOthers(since: since)) ?? link.tally.last
                } catch {
                    if state.lost[location] == nil {
                        state.lost[location] = reason
                        state.news[location, default: []].append(
                            "The connection to \(StoreLocation.displayName(location)) was lost (\(reason)); "
                                + "others' changes are not heard until it is back. Your edits are kept.")
                    }
                    return link.tally.last
                }
            }
        }
    }

    /// What to tell the user about the connection to `location` since the last call (lost, back).
    public func connectionNews(at location: String) -> [String] {
        state.withLock { $0.news.removeValue(forKey: location) ?? [] }
    }
}

/// The store's open links by location, and what it keeps about each location between
/// connections, used by one caller at a time.
///
/// The links hold libpq connections, which are not `Sendable`: they never leave the lock
/// except inside the store's calls.
final class LinkTable: Sendable {
    /// What the table holds.
    struct State {
        /// The open links by location.
        var links: [String: PostgreSQLStore.Link] = [:]
        /// What each location's first connection reached (`Link.identity`), by location.
        var identities: [String: String] = [:]
        /// Passwords typed at the prompt, by location, for reconnecting.
        var passwords: [String: String] = [:]
        /// Asks for a password at the terminal, when the program may (see `askForPasswords`).
        var askPassword: (@Sendable (String) -> String?)?
        /// Locations whose link broke, with why, until a new one is open.
        var lost: [String: String] = [:]
        /// What to tell the user about each location's connection (lost, back), once.
        var news: [String: [String]] = [:]
    }

    private let state = Mutex(State())

    init() {}

    /// Runs `body` with the table locked.
    func withLock<Value, Failure: Error>(
        _ body: sending (inout State) throws(Failure) -> sending Value
    ) throws(Failure) -> sending Value {
        try state.withLock { (state: inout sending State) throws(Failure) -> sending Value in try body(&state) }
    }
}
