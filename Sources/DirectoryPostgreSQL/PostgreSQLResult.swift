import CPostgreSQL

/// A query's result, freed when released.
///
/// It owns libpq's `PGresult`, cleared in `deinit`.
@safe
final class PostgreSQLResult {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        unsafe self.handle = unsafe handle
    }

    deinit { unsafe PQclear(handle) }

    /// The number of rows.
    var rowCount: Int { unsafe Int(PQntuples(handle)) }

    /// How many rows an `INSERT`, `UPDATE` or `DELETE` touched.
    var affectedRows: Int { unsafe Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    /// The text of row `row`, column `column`, or `nil` for SQL `NULL`.
    func value(row: Int, column: Int) -> String? {
        guard row < rowCount, unsafe PQgetisnull(handle, Int32(row), Int32(column)) == 0 else { return nil }
        return unsafe String(cString: PQgetvalue(handle, Int32(row), Int32(column)))
    }

    /// The error this result carries, if its status is not one of `accepted`.
    func error(accepting accepted: [ExecStatusType], connection: OpaquePointer) -> PostgreSQLError? {
        let status = unsafe PQresultStatus(handle)
        if accepted.contains(status) { return nil }
        let state = unsafe PQresultErrorField(handle, Int32(UInt8(ascii: "C"))).map { unsafe String(cString: $0) }
        var text = unsafe String(cString: PQresultErrorMessage(handle))
        if text.isEmpty { text = unsafe String(cString: PQerrorMessage(connection)) }
        return unsafe PostgreSQLError(
            PostgreSQLError.cleaned(text), state: state, connectionLost: PQstatus(connection) != CONNECTION_OK)
    }
}
