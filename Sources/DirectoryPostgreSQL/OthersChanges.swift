/// How many records others changed since a version, counted by record rather than by
/// write: the rows written since (found by the revision index) and the ids deleted since
/// (from the deletions log), each id once, so a record saved 300 times counts once.
/// One small query, asked only when a notification came or the connection is new.
enum OthersChanges {
    /// How long the count waits for a lock (a `LOCK TABLE` held elsewhere): a notice must
    /// not hold up the line the user just typed.
    static let lockWait = "500ms"

    /// The records of `table` written or deleted after `version`, in a transaction of its own.
    static func count(in table: DirectoryTable, since version: Int64, on connection: PostgreSQLConnection)
        throws(PostgreSQLError) -> Int
    {
        try connection.run("BEGIN READ ONLY")
        do throws(PostgreSQLError) {
            try connection.run("SET LOCAL lock_timeout = '\(lockWait)'")
            let count = try written(in: table, since: version, on: connection)
            try connection.run("COMMIT")
            return count
        } catch {
            _ = try? connection.run("ROLLBACK")
            throw error
        }
    }

    /// The count in the open transaction.
    private static func written(in table: DirectoryTable, since version: Int64, on connection: PostgreSQLConnection)
        throws(PostgreSQLError) -> Int
    {
        let written = "SELECT id FROM \(try connection.quoted(table.name)) WHERE revision > $1::bigint"
        try connection.run("SAVEPOINT count")
        do throws(PostgreSQLError) {
            let result = try connection.run(
                "SELECT count(*) FROM (\(written) UNION SELECT id FROM directory_deletions "
                    + "WHERE list = $2 AND version > $1::bigint) AS changed",
                [String(version), table.name])
            return result.value(row: 0, column: 0).flatMap { Int($0) } ?? 0
        } catch  where !error.connectionLost && !error.isLockTimeout && connection.isOpen {
            // No deletions log to read (tables of layout 1, or a role that may not): the rows written.
            try connection.run("ROLLBACK TO SAVEPOINT count")
            let result = try connection.run("SELECT count(*) FROM (\(written)) AS changed", [String(version)])
            return result.value(row: 0, column: 0).flatMap { Int($0) } ?? 0
        }
    }
}
