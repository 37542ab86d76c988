import CPostgreSQL

#if canImport(Glibc)
    import Glibc
#endif

/// One libpq connection: plain and parameterised statements, `COPY` in both
/// directions, and notifications. Values are only ever sent as parameters.
final class PostgreSQLConnection {
    private let handle: OpaquePointer
    /// What `PQcancel` needs to stop a running statement (Ctrl-C).
    private let cancel: OpaquePointer?
    /// The server's notices and warnings, which libpq would otherwise print raw.
    let notices = NoticeLog()
    /// The connection's backend process, to tell this session's own notifications from others'.
    let backendID: Int32

    /// Connects with `location`, a libpq connection URI or keyword/value string, and sets the
    /// text encoding to UTF-8. `password`, when given, is used whatever the location says.
    /// Unless the location or the environment say otherwise, the connection is named
    /// `directory` (`application_name`) and a connection attempt waits at most `connectTimeout` seconds.
    init(location: String, password: String? = nil, connectTimeout: Int = 10) throws(PostgreSQLError) {
        if let problem = directory_libpq_problem() {
            throw PostgreSQLError(
                "PostgreSQL's client library could not be loaded (\(String(cString: problem))); "
                    + "install libpq (Debian: apt-get install libpq5)", connectionLost: true)
        }
        // Entries before `dbname` are defaults the location overrides; `password` after it wins.
        var settings: [(String, String)] = [("fallback_application_name", "directory")]
        if getenv("PGCONNECT_TIMEOUT") == nil { settings.append(("connect_timeout", String(connectTimeout))) }
        settings.append(("dbname", location))
        if let password { settings.append(("password", password)) }
        // libpq would print its own warning about a password file others may read, and ignore it.
        let ignoredFile = location.contains("passfile") ? nil : PasswordFile.loose()
        if ignoredFile != nil { settings.append(("passfile", "/dev/null/ignored")) }
        let keywords = settings.map { strdup($0.0) } + [nil]
        let values = settings.map { strdup($0.1) } + [nil]
        defer { for copy in keywords + values { free(copy) } }
        let connected = keywords.map { UnsafePointer($0) }.withUnsafeBufferPointer { keywordBuffer in
            values.map { UnsafePointer($0) }.withUnsafeBufferPointer { valueBuffer in
                PQconnectdbParams(keywordBuffer.baseAddress, valueBuffer.baseAddress, 1)
            }
        }
        guard let handle = connected else { throw PostgreSQLError("out of memory", connectionLost: true) }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = PostgreSQLError.cleaned(String(cString: PQerrorMessage(handle)))
            var error = PostgreSQLError(message, connectionLost: true)
            error.user = PQuser(handle).map { String(cString: $0) }
            error.ignoredPasswordFile = ignoredFile
            if PQconnectionNeedsPassword(handle) == 1 {
                error.authentication = .passwordNeeded
            } else if PostgreSQLError.isPasswordRefusal(message) {
                error.authentication = .passwordRefused
            }
            PQfinish(handle)
            throw error
        }
        self.handle = handle
        notices.listen(to: handle)
        cancel = PQgetCancel(handle)
        backendID = PQbackendPID(handle)
        PQsetClientEncoding(handle, "UTF8")
    }

    deinit {
        PQfinish(handle)
        if let cancel { PQfreeCancel(cancel) }
    }

    /// Whether the connection is still good as far as libpq knows.
    var isOpen: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Runs `sql` (no parameters, possibly several statements).
    @discardableResult
    func run(_ sql: String) throws(PostgreSQLError) -> PostgreSQLResult {
        try checked(cancellable { PQexec(handle, sql) }, accepting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK])
    }

    /// Runs one statement with `$1`, `$2`… bound to `parameters` (`nil` is SQL `NULL`), as text.
    @discardableResult
    func run(_ sql: String, _ parameters: [String?]) throws(PostgreSQLError) -> PostgreSQLResult {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { for copy in copies { free(copy) } }
        let values = copies.map { UnsafePointer($0) }
        let result = cancellable {
            values.withUnsafeBufferPointer { buffer in
                PQexecParams(handle, sql, Int32(buffer.count), nil, buffer.baseAddress, nil, nil, 0)
            }
        }
        return try checked(result, accepting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK])
    }

    /// Runs a `COPY … TO STDOUT` and hands each row (with its newline) to `row`.
    func copyOut(_ sql: String, row: (UnsafeRawBufferPointer) throws(PostgreSQLError) -> Void) throws(PostgreSQLError) {
        directory_pq_begin_cancellable(cancel)
        defer { cancelSent = directory_pq_end_cancellable() != 0 || cancelSent }
        cancelSent = false
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
        directory_pq_begin_cancellable(cancel)
        defer { cancelSent = directory_pq_end_cancellable() != 0 || cancelSent }
        cancelSent = false
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

    /// Whether the last statement was sent a cancel request by Ctrl-C.
    private(set) var cancelSent = false

    /// Runs `body` (one blocking libpq call) so that Ctrl-C cancels the statement it runs.
    private func cancellable(_ body: () -> OpaquePointer?) -> OpaquePointer? {
        directory_pq_begin_cancellable(cancel)
        let result = body()
        cancelSent = directory_pq_end_cancellable() != 0
        return result
    }

    /// Reads the results after a `COPY` until libpq has none left, failing on the first error.
    private func finish() throws(PostgreSQLError) {
        var failure: PostgreSQLError?
        while let result = PQgetResult(handle) {
            let wrapped = PostgreSQLResult(result)
            if failure == nil {
                failure = wrapped.error(accepting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK], connection: handle)
            }
            if failure?.state == "57014" { failure?.cancelledByUser = cancelSent || directory_pq_cancel_pending() != 0 }
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
        if var error = wrapped.error(accepting: accepted, connection: handle) {
            error.cancelledByUser = (cancelSent || directory_pq_cancel_pending() != 0) && error.state == "57014"
            throw error
        }
        return wrapped
    }
}
