/// How many records others changed since a version, counted by record rather than by
/// write: the rows written since (found by the revision index) and the ids deleted since
/// (from the deletions log), each id once, so a record saved 300 times counts once.
/// One small query, asked only when a notification came or the connection is new.
enum OthersChanges {
    /// The records of `table` written or deleted after `version`.
    static func count(in table: DirectoryTable, since version: Int64, on connection: PostgreSQLConnection)
        throws(PostgreSQLError) -> Int
    {
        let written = "SELECT id FROM \(try connection.quoted(table.name)) WHERE revision > $1::bigint"
        do throws(PostgreSQLError) {
            let result = try connection.run(
                "SELECT count(*) FROM (\(written) UNION SELECT id FROM directory_deletions "
                    + "WHERE list = $2 AND version > $1::bigint) AS changed",
                [String(version), table.name])
            return result.value(row: 0, column: 0).flatMap { Int($0) } ?? 0
        } catch  where !error.connectionLost && connection.isOpen {
            // No deletions log to read (tables of layout 1, or a role that may not): the rows written.
            let result = try connection.run("SELECT count(*) FROM (\(written)) AS changed", [String(version)])
            return result.value(row: 0, column: 0).flatMap { Int($0) } ?? 0
        }
    }
}
