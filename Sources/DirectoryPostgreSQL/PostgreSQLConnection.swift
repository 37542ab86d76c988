import CPostgreSQL

#if canImport(Glibc)
    import Glibc
#endif

/// One libpq connection: plain and parameterised statements, `COPY` in both
/// directions, and notifications. Values are only ever sent as parameters.
final class PostgreSQLConnection {
    private let handle: OpaquePointer
    /// The connection's backend process, to tell this session's own notifications from others'.
    let backendID: Int32

    /// Connects with `location`, a libpq connection URI, and sets the text encoding to UTF-8.
    init(location: String) throws(PostgreSQLError) {
        if let problem = directory_libpq_problem() {
            throw PostgreSQLError(
                "PostgreSQL's client library could not be loaded (\(String(cString: problem))); "
                    + "install libpq (Debian: apt-get install libpq5)", connectionLost: true)
        }
        guard let handle = PQconnectdb(location) else { throw PostgreSQLError("out of memory", connectionLost: true) }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = PostgreSQLError.cleaned(String(cString: PQerrorMessage(handle)))
            PQfinish(handle)
            throw PostgreSQLError(message, connectionLost: true)
        }
        self.handle = handle
        backendID = PQbackendPID(handle)
        PQsetClientEncoding(handle, "UTF8")
    }

    deinit { PQfinish(handle) }

    /// Whether the connection is still good as far as libpq knows.
    var isOpen: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Runs `sql` (no parameters, possibly several statements).
    @discardableResult
    func run(_ sql: String) throws(PostgreSQLError) -> PostgreSQLResult {
        try checked(PQexec(handle, sql), accepting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK])
    }

    /// Runs one statement with `$1`, `$2`… bound to `parameters` (`nil` is SQL `NULL`), as text.
    @discardableResult
    func run(_ sql: String, _ parameters: [String?]) throws(PostgreSQLError) -> PostgreSQLResult {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { for copy in copies { free(copy) } }
        let values = copies.map { UnsafePointer($0) }
        let result = values.withUnsafeBufferPointer { buffer in
            PQexecParams(handle, sql, Int32(buffer.count), nil, buffer.baseAddress, nil, nil, 0)
        }
        return try checked(result, accepting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK])
    }

    /// Runs a `COPY … TO STDOUT` and hands each row (with its newline) to `row`.
    func copyOut(_ sql: String, row: (UnsafeRawBufferPointer) throws(PostgreSQLError) -> Void) throws(PostgreSQLError) {
        try checked(PQexec(handle, sql), accepting: [PGRES_COPY_OUT])
        var failure: PostgreSQLError?
        while true {
            var buffer: UnsafeMutablePointer<CChar>?
            let length = PQgetCopyData(handle, &buffer, 0)
            if length < 0 { break }
            guard let buffer else { continue }
            if failure == nil {
                do throws(PostgreSQLError) {
                    try row(UnsafeRawBufferPointer(start: buffer, count: Int(length)))
                } catch {
                    failure = error
                }
            }
            PQfreemem(buffer)
        }
        try finish()
        if let failure { throw failure }
    }

    /// Runs a `COPY … FROM STDIN`, sending the pieces `produce` hands to its `send` function.
    func copyIn(_ sql: String, produce: ((UnsafeRawBufferPointer) -> Void) -> Void) throws(PostgreSQLError) {
        try checked(PQexec(handle, sql), accepting: [PGRES_COPY_IN])
        var sent = true
        produce { piece in
            guard sent, let base = piece.baseAddress else { return }
            sent = PQputCopyData(handle, base.assumingMemoryBound(to: CChar.self), Int32(piece.count)) == 1
        }
        _ = PQputCopyEnd(handle, sent ? nil : "the copy was interrupted")
        try finish()
    }

    /// `name` quoted as an SQL identifier by libpq.
    func quoted(_ name: String) throws(PostgreSQLError) -> String {
        guard let escaped = PQescapeIdentifier(handle, name, name.utf8.count) else {
            throw PostgreSQLError(PostgreSQLError.cleaned(String(cString: PQerrorMessage(handle))))
        }
        defer { PQfreemem(escaped) }
        return String(cString: escaped)
    }

    /// The notifications received so far as (sender's backend, channel, payload).
    func notifications() throws(PostgreSQLError) -> [(sender: Int32, channel: String, payload: String)] {
        guard PQconsumeInput(handle) == 1 else {
            throw PostgreSQLError(
                PostgreSQLError.cleaned(String(cString: PQerrorMessage(handle))), connectionLost: !isOpen)
        }
        var received: [(sender: Int32, channel: String, payload: String)] = []
        while let notice = PQnotifies(handle) {
            received.append(
                (notice.pointee.be_pid, String(cString: notice.pointee.relname), String(cString: notice.pointee.extra)))
            PQfreemem(notice)
        }
        return received
    }

    /// Reads the results after a `COPY` until libpq has none left, failing on the first error.
    private func finish() throws(PostgreSQLError) {
        var failure: PostgreSQLError?
        while let result = PQgetResult(handle) {
            let wrapped = PostgreSQLResult(result)
            if failure == nil {
                failure = wrapped.error(accepting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK], connection: handle)
            }
        }
        if let failure { throw failure }
    }

    @discardableResult
    private func checked(_ result: OpaquePointer?, accepting accepted: [ExecStatusType]) throws(PostgreSQLError)
        -> PostgreSQLResult
    {
        guard let result else {
            throw PostgreSQLError(
                PostgreSQLError.cleaned(String(cString: PQerrorMessage(handle))), connectionLost: !isOpen)
        }
        let wrapped = PostgreSQLResult(result)
        if let error = wrapped.error(accepting: accepted, connection: handle) { throw error }
        return wrapped
    }
}
