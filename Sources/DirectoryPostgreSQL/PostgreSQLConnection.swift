import CPostgreSQL

#if canImport(Glibc)
    import Glibc
#endif

/// One libpq connection: plain and parameterised statements, `COPY` in both
/// directions, and notifications. Values are only ever sent as parameters.
///
/// It owns libpq's `PGconn`, closed in `deinit`; the handle never leaves this type, and
/// no pointer into libpq's memory does: a `COPY` row is lent as a `Span` for the call that
/// reads it, and what is sent is taken as a `Span`.
@safe
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
        if let problem = unsafe directory_libpq_problem() {
            throw PostgreSQLError(
                unsafe "PostgreSQL's client library could not be loaded (\(String(cString: problem))); "
                    + "install libpq (Debian: apt-get install libpq5)", connectionLost: true)
        }
        // Entries before `dbname` are defaults the location overrides; `password` after it wins.
        var settings: [(String, String)] = [("fallback_application_name", "directory")]
        if unsafe getenv("PGCONNECT_TIMEOUT") == nil { settings.append(("connect_timeout", String(connectTimeout))) }
        settings.append(("dbname", location))
        if let password { settings.append(("password", password)) }
        // libpq would print its own warning about a password file others may read, and ignore it.
        let ignoredFile =
            location.contains("passfile")
            ? nil : PasswordFile.loose(variable: Self.environmentVariable, status: Self.status(ofFile:))
        if ignoredFile != nil { settings.append(("passfile", "/dev/null/ignored")) }
        let keywords = unsafe settings.map { unsafe strdup($0.0) } + [nil]
        let values = unsafe settings.map { unsafe strdup($0.1) } + [nil]
        let copies = unsafe keywords + values
        defer { for index in unsafe copies.indices { unsafe free(copies[index]) } }
        let connected = unsafe keywords.map { unsafe UnsafePointer($0) }.withUnsafeBufferPointer { keywordBuffer in
            unsafe values.map { unsafe UnsafePointer($0) }.withUnsafeBufferPointer { valueBuffer in
                unsafe PQconnectdbParams(keywordBuffer.baseAddress, valueBuffer.baseAddress, 1)
            }
        }
        guard let handle = unsafe connected else { throw PostgreSQLError("out of memory", connectionLost: true) }
        guard unsafe PQstatus(handle) == CONNECTION_OK else {
            let message = unsafe PostgreSQLError.cleaned(String(cString: PQerrorMessage(handle)))
            var error = PostgreSQLError(message, connectionLost: true)
            error.whileConnecting = true
            error.user = unsafe PQuser(handle).map { unsafe String(cString: $0) }
            error.ignoredPasswordFile = ignoredFile
            if unsafe PQconnectionNeedsPassword(handle) == 1 {
                error.authentication = .passwordNeeded
            } else if PostgreSQLError.isPasswordRefusal(message) {
                error.authentication = .passwordRefused
            }
            unsafe PQfinish(handle)
            throw error
        }
        unsafe self.handle = unsafe handle
        unsafe Self.send(noticesOf: handle, to: notices)
        unsafe cancel = unsafe PQgetCancel(handle)
        backendID = unsafe PQbackendPID(handle)
        unsafe PQsetClientEncoding(handle, "UTF8")
    }

    deinit {
        unsafe PQfinish(handle)
        if let cancel = unsafe cancel { unsafe PQfreeCancel(cancel) }
    }

    /// The server and database of the connection, as libpq resolved them from the
    /// location, the environment (`PGHOST`, `PGPORT`, `PGDATABASE`) and its defaults: the
    /// host name or socket folder, the port, and the database.
    /// A host list (`host=a,b`, for failover) is kept whole, so that reaching the other
    /// host names the same list.
    var server: (host: String, port: String, database: String) {
        let text = { (value: UnsafeMutablePointer<CChar>?) in unsafe value.map { unsafe String(cString: $0) } ?? "" }
        let resolved = unsafe ConnectionSecrets.values(taking: PQconninfo(handle))
        return unsafe (
            resolved["host"] ?? resolved["hostaddr"] ?? text(PQhost(handle)), resolved["port"] ?? text(PQport(handle)),
            text(PQdb(handle))
        )
    }

    /// Whether the connection is still good as far as libpq knows.
    var isOpen: Bool { unsafe PQstatus(handle) == CONNECTION_OK }

    /// Runs `sql` (no parameters, possibly several statements).
    @discardableResult
    func run(_ sql: String) throws(PostgreSQLError) -> PostgreSQLResult {
        try unsafe checked(cancellable { unsafe PQexec(handle, sql) }, accepting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK])
    }

    /// Runs one statement with `$1`, `$2`… bound to `parameters` (`nil` is SQL `NULL`), as text.
    @discardableResult
    func run(_ sql: String, _ parameters: [String?]) throws(PostgreSQLError) -> PostgreSQLResult {
        let copies = unsafe parameters.map { unsafe $0.map { unsafe strdup($0) } ?? nil }
        defer { for index in unsafe copies.indices { unsafe free(copies[index]) } }
        let values = unsafe copies.map { unsafe UnsafePointer($0) }
        let result = unsafe cancellable {
            unsafe values.withUnsafeBufferPointer { buffer in
                unsafe PQexecParams(handle, sql, Int32(buffer.count), nil, buffer.baseAddress, nil, nil, 0)
            }
        }
        return try unsafe checked(result, accepting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK])
    }

    /// Runs a `COPY … TO STDOUT` and hands each row (with its newline) to `row`, lent for
    /// that call only.
    func copyOut(_ sql: String, row: (Span<UInt8>) throws(PostgreSQLError) -> Void) throws(PostgreSQLError) {
        unsafe directory_pq_begin_cancellable(cancel)
        defer { cancelSent = directory_pq_end_cancellable() != 0 || cancelSent }
        cancelSent = false
        try unsafe checked(PQexec(handle, sql), accepting: [PGRES_COPY_OUT])
        var failure: PostgreSQLError?
        while true {
            var buffer: UnsafeMutablePointer<CChar>?
            let length = unsafe PQgetCopyData(handle, &buffer, 0)
            if length < 0 { break }
            guard let buffer = unsafe buffer else { continue }
            if failure == nil {
                do throws(PostgreSQLError) {
                    // libpq's buffer holds `length` bytes until `PQfreemem` below, after the call.
                    let bytes = unsafe UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self)
                    try row(unsafe UnsafeBufferPointer(start: bytes, count: Int(length)).span)
                } catch {
                    failure = error
                }
            }
            unsafe PQfreemem(buffer)
        }
        try finish()
        if let failure { throw failure }
    }

    /// Runs a `COPY … FROM STDIN`, sending the pieces `produce` hands to its `send` function.
    func copyIn(_ sql: String, produce: ((Span<UInt8>) -> Void) -> Void) throws(PostgreSQLError) {
        unsafe directory_pq_begin_cancellable(cancel)
        defer { cancelSent = directory_pq_end_cancellable() != 0 || cancelSent }
        cancelSent = false
        try unsafe checked(PQexec(handle, sql), accepting: [PGRES_COPY_IN])
        var sent = true
        produce { piece in
            guard sent, !piece.isEmpty else { return }
            // libpq copies the piece during the call.
            sent = unsafe piece.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return true }
                let bytes = unsafe UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                return unsafe PQputCopyData(handle, bytes, Int32(buffer.count)) == 1
            }
        }
        _ = unsafe PQputCopyEnd(handle, sent ? nil : "the copy was interrupted")
        try finish()
    }

    /// `name` quoted as an SQL identifier by libpq.
    func quoted(_ name: String) throws(PostgreSQLError) -> String {
        guard let escaped = unsafe PQescapeIdentifier(handle, name, name.utf8.count) else {
            throw unsafe PostgreSQLError(PostgreSQLError.cleaned(String(cString: PQerrorMessage(handle))))
        }
        defer { unsafe PQfreemem(escaped) }
        return unsafe String(cString: escaped)
    }

    /// The notifications received so far as (sender's backend, channel, payload).
    func notifications() throws(PostgreSQLError) -> [(sender: Int32, channel: String, payload: String)] {
        guard unsafe PQconsumeInput(handle) == 1 else {
            throw unsafe PostgreSQLError(
                PostgreSQLError.cleaned(String(cString: PQerrorMessage(handle))), connectionLost: !isOpen)
        }
        var received: [(sender: Int32, channel: String, payload: String)] = []
        while let notice = unsafe PQnotifies(handle) {
            unsafe received.append(
                (notice.pointee.be_pid, String(cString: notice.pointee.relname), String(cString: notice.pointee.extra)))
            unsafe PQfreemem(notice)
        }
        return received
    }

    /// The value of the environment variable `name`, copied at once.
    private static func environmentVariable(_ name: String) -> String? {
        unsafe getenv(name).map { unsafe String(cString: $0) }
    }

    /// What `stat` says of the file at `path` (links followed, as libpq does); `nil` when there is none.
    private static func status(ofFile path: String) -> PasswordFile.Status? {
        var status = stat()
        // stat(2) takes the path as a C string and fills the local `status`, during the call only.
        guard unsafe stat(path, &status) == 0 else { return nil }
        return PasswordFile.Status(
            isRegularFile: status.st_mode & S_IFMT == S_IFREG, permissions: UInt32(status.st_mode & 0o7777))
    }

    /// Sends the notices of the connection `handle` to `log`, which outlives the connection
    /// (both belong to this object, and `deinit` finishes the connection before the log is freed).
    private static func send(noticesOf handle: OpaquePointer, to log: NoticeLog) {
        unsafe PQsetNoticeProcessor(
            handle,
            { context, message in
                guard let context = unsafe context, let message = unsafe message else { return }
                unsafe Unmanaged<NoticeLog>.fromOpaque(context).takeUnretainedValue()
                    .add(String(cString: message))
            }, unsafe Unmanaged.passUnretained(log).toOpaque())
    }

    /// Whether the last statement was sent a cancel request by Ctrl-C.
    private(set) var cancelSent = false

    /// Runs `body` (one blocking libpq call) so that Ctrl-C cancels the statement it runs.
    private func cancellable(_ body: () -> OpaquePointer?) -> OpaquePointer? {
        unsafe directory_pq_begin_cancellable(cancel)
        let result = unsafe body()
        cancelSent = directory_pq_end_cancellable() != 0
        return unsafe result
    }

    /// Reads the results after a `COPY` until libpq has none left, failing on the first error.
    private func finish() throws(PostgreSQLError) {
        var failure: PostgreSQLError?
        while let result = unsafe PQgetResult(handle) {
            let wrapped = unsafe PostgreSQLResult(result)
            if failure == nil {
                failure = unsafe wrapped.error(accepting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK], connection: handle)
            }
            if failure?.state == "57014" {
                failure?.cancelledByUser = cancelSent || directory_pq_cancel_pending() != 0
                failure?.endedBySignal = directory_pq_termination_seen() != 0
            }
        }
        if let failure { throw failure }
    }

    @discardableResult
    private func checked(_ result: OpaquePointer?, accepting accepted: [ExecStatusType]) throws(PostgreSQLError)
        -> PostgreSQLResult
    {
        guard let result = unsafe result else {
            throw unsafe PostgreSQLError(
                PostgreSQLError.cleaned(String(cString: PQerrorMessage(handle))), connectionLost: !isOpen)
        }
        let wrapped = unsafe PostgreSQLResult(result)
        if var error = unsafe wrapped.error(accepting: accepted, connection: handle) {
            error.cancelledByUser = (cancelSent || directory_pq_cancel_pending() != 0) && error.state == "57014"
            error.endedBySignal = directory_pq_termination_seen() != 0 && error.state == "57014"
            throw error
        }
        return wrapped
    }
}
