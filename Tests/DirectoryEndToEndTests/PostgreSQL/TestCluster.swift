import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A throwaway PostgreSQL cluster for the tests: `initdb` and `pg_ctl` into a temporary
/// folder, listening only on a unix socket in that folder, trust authentication, run as
/// the `postgres` user (through `runuser`) when the tests run as root. The shared one is
/// started once per test process and stopped when the process exits.
final class TestCluster: @unchecked Sendable {
    /// The folder of the server binaries (`initdb`, `pg_ctl`, `postgres`, `psql`), or `nil`.
    static let binaries: String? = {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        let sorted = versions.compactMap { Int($0) }.sorted(by: >)
        for version in sorted {
            let folder = "\(root)/\(version)/bin"
            if ["initdb", "pg_ctl", "postgres", "psql"].allSatisfy({ unsafe access("\(folder)/\($0)", X_OK) == 0 }) {
                return folder
            }
        }
        print("PostgreSQL tests skipped: no server binaries (initdb, pg_ctl) under \(root); install postgresql")
        return nil
    }()

    /// Whether the tests can run a server.
    static var isAvailable: Bool { binaries != nil }

    /// The cluster every test shares, started on first use; `nil` when it could not start.
    static let shared: TestCluster? = {
        stopAbandoned()
        guard let cluster = try? TestCluster() else { return nil }
        try? String(getpid()).write(toFile: cluster.folder + "/owner", atomically: true, encoding: .utf8)
        unsafe sharedFolder = cluster.folder
        atexit { TestCluster.stopShared() }
        cluster.stopWhenGone(getpid())
        return cluster
    }()

    nonisolated(unsafe) private static var sharedFolder: String?

    /// The folder of the data, the log and the socket.
    let folder: String
    /// The folder of the server binaries.
    let bin: String

    /// Creates and starts a cluster of its own.
    init() throws {
        guard let bin = Self.binaries else { throw ClusterError("no PostgreSQL server binaries") }
        self.bin = bin
        folder = "/tmp/dpg-" + String(UUID().uuidString.prefix(8)).lowercased()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if getuid() == 0 { try Self.shell("chown", ["postgres:postgres", folder], asServer: false) }
        try Self.shell(
            bin + "/initdb", ["-D", folder + "/data", "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"],
            asServer: true)
        try start()
    }

    /// A cluster in `folder` whose data folder something else made (a standby's `pg_basebackup`).
    init(adopting folder: String, bin: String) {
        self.folder = folder
        self.bin = bin
    }

    /// Starts the server and waits until it accepts connections.
    func start() throws {
        let options = "-c listen_addresses='' -k \(folder) -c fsync=off -c max_connections=100"
        try Self.shell(
            bin + "/pg_ctl",
            ["-D", folder + "/data", "-l", folder + "/log", "-w", "-t", "120", "-o", options, "start"],
            asServer: true)
    }

    /// Stops the server (fast: open sessions are disconnected).
    func stop() throws {
        try Self.shell(bin + "/pg_ctl", ["-D", folder + "/data", "-m", "fast", "-w", "stop"], asServer: true)
    }

    /// Stops the server and removes its folder.
    func destroy() {
        try? stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The URI of database `name` as `user` (with `password`, which trust ignores, when given).
    func uri(_ name: String, user: String = "postgres", password: String? = nil) -> String {
        let credentials = password.map { "\(user):\($0)" } ?? user
        return "postgresql://\(credentials)@/\(name)?host=\(folder)"
    }

    /// The database a URI made by `uri(_:user:password:)` names.
    static func databaseName(of uri: String) -> String {
        let path = uri.split(separator: "?")[0]
        return String(path.split(separator: "/").last ?? "")
    }

    /// Creates a fresh database and returns its URI.
    func createDatabase() throws -> String {
        let name = "t" + String(UUID().uuidString.prefix(12)).lowercased().replacingOccurrences(of: "-", with: "")
        try psql(uri("postgres"), "CREATE DATABASE \(name)")
        return uri(name)
    }

    /// A fresh database, and its URI as `postgres` with a password in it (which trust ignores).
    func databaseWithPassword(_ password: String) throws -> (name: String, secret: String) {
        let name = Self.databaseName(of: try createDatabase())
        return (name, uri(name, password: password))
    }

    /// Runs `sql` with psql on `uri`; returns what it printed (unaligned, tuples only).
    @discardableResult
    func psql(_ uri: String, _ sql: String) throws -> String {
        try Self.shell(
            bin + "/psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", uri, "-c", sql], asServer: false)
    }

    /// The psql binary.
    var psqlPath: String { bin + "/psql" }

    /// Starts a watchdog that stops the server and removes its folder once process `owner`
    /// has ended, however it ended (a crash or a kill skips `atexit`).
    /// `others` (a static suite's folder, which is never deinitialized) are removed with it.
    func stopWhenGone(_ owner: pid_t, alsoRemoving others: [String] = []) {
        let stop = "\(bin)/pg_ctl -D \(folder)/data -m fast -w stop"
        let asServer = getuid() == 0 ? "/usr/sbin/runuser -u postgres -- /usr/bin/env --chdir=/tmp " : ""
        let script =
            "trap '' HUP INT TERM; while kill -0 \(owner) 2>/dev/null; do sleep 1; done; \(asServer)\(stop) >/dev/null 2>&1; rm -rf \(([folder] + others).joined(separator: " "))"
        var actions = unsafe posix_spawn_file_actions_t()
        unsafe posix_spawn_file_actions_init(&actions)
        defer { unsafe posix_spawn_file_actions_destroy(&actions) }
        unsafe posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        unsafe posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        unsafe posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of the test run's: a watchdog holding the write end of another test's
        // pipe (psql's input) would keep that reader from ever seeing its end, and so the
        // test run from ever ending, which the watchdog waits for.
        unsafe ChildProcess.closeFrom(3, in: &actions)
        let words: [String] = ["/bin/sh", "-c", script]
        let arguments = unsafe words.map { unsafe strdup($0) } + [nil]
        defer { for index in unsafe arguments.indices { unsafe free(arguments[index]) } }
        // A session of its own, so nothing that signals the test run's process group ends it.
        var attributes = posix_spawnattr_t()
        unsafe posix_spawnattr_init(&attributes)
        defer { unsafe posix_spawnattr_destroy(&attributes) }
        unsafe posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID, which Glibc's module does not import
        var pid: pid_t = 0
        _ = unsafe posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, environ)
    }

    /// Stops the shared clusters of earlier test processes that are gone (a safety net for
    /// the watchdog and `atexit`), and removes their folders.
    private static func stopAbandoned() {
        guard let bin = binaries else { return }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? [] where name.hasPrefix("dpg-") {
            let folder = "/tmp/" + name
            guard let text = try? String(contentsOfFile: folder + "/owner", encoding: .utf8),
                let owner = pid_t(text), kill(owner, 0) != 0, errno == ESRCH
            else { continue }
            _ = try? shell(bin + "/pg_ctl", ["-D", folder + "/data", "-m", "fast", "-w", "stop"], asServer: true)
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    private static func stopShared() {
        guard let folder = unsafe sharedFolder, let bin = binaries else { return }
        _ = try? shell(bin + "/pg_ctl", ["-D", folder + "/data", "-m", "fast", "-w", "stop"], asServer: true)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs a program (as `postgres` through runuser when `asServer` and root); its output, or an error.
    ///
    /// Spawned and reaped directly, with its output in a file: `pg_ctl start` leaves a server
    /// running that inherits whatever the spawner passed on, so neither a pipe nor
    /// Foundation's `Process` (which watches a descriptor for the exit) would ever see the end.
    @discardableResult
    static func shell(_ executable: String, _ arguments: [String], asServer: Bool) throws -> String {
        var argv = [executable.hasPrefix("/") ? executable : "/usr/bin/" + executable] + arguments
        // From /tmp: the server's user may not be allowed into the folder the tests run in (a clone under /root).
        if asServer, getuid() == 0 {
            argv = ["/usr/sbin/runuser", "-u", "postgres", "--", "/usr/bin/env", "--chdir=/tmp"] + argv
        }
        let outputPath = "/tmp/dpg-output-" + UUID().uuidString
        defer { unsafe unlink(outputPath) }
        var actions = unsafe posix_spawn_file_actions_t()
        unsafe posix_spawn_file_actions_init(&actions)
        defer { unsafe posix_spawn_file_actions_destroy(&actions) }
        unsafe posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        unsafe posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        unsafe posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of the test run's: `pg_ctl start` leaves a server that keeps whatever it
        // inherited while the test run lasts (another test's pipe or socket: its end never comes).
        unsafe ChildProcess.closeFrom(3, in: &actions)
        var pid: pid_t = 0
        let cArguments = unsafe argv.map { unsafe strdup($0) } + [nil]
        defer { for index in unsafe cArguments.indices { unsafe free(cArguments[index]) } }
        let spawned = unsafe posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
        guard spawned == 0 else {
            throw ClusterError("cannot run \(argv[0]): \(unsafe String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while unsafe waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let text = String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
        guard status == 0 else {
            throw ClusterError("\(argv.joined(separator: " ")) failed: \(text)")
        }
        return text
    }

    /// Why the cluster could not do something.
    struct ClusterError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
