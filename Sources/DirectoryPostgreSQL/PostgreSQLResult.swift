import CPostgreSQL

/// A query's result, freed when released.
final class PostgreSQLResult {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { PQclear(handle) }

    /// The number of rows.
    var rowCount: Int { Int(PQntuples(handle)) }

    /// How many rows an `INSERT`, `UPDATE` or `DELETE` touched.
    var affectedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    /// The text of row `row`, column `column`, or `nil` for SQL `NULL`.
    func value(row: Int, column: Int) -> String? {
        guard row < rowCount, PQgetisnull(handle, Int32(row), Int32(column)) == 0 else { return nil }
        return String(cString: PQgetvalue(handle, Int32(row), Int32(column)))
    }

    /// The error this result carries, if its status is not one of `accepted`.
    func error(accepting accepted: [ExecStatusType], connection: OpaquePointer) -> PostgreSQLError? {
        let status = PQresultStatus(handle)
        if accepted.contains(status) { return nil }
        let state = PQresultErrorField(handle, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
        var text = String(cString: PQresultErrorMessage(handle))
        if text.isEmpty { text = String(cString: PQerrorMessage(connection)) }
        return PostgreSQLError(
            PostgreSQLError.cleaned(text), state: state, connectionLost: PQstatus(connection) != CONNECTION_OK)
    }
}
