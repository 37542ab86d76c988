import Foundation

/// A throwaway PostgreSQL server for the database rows: `initdb` and `pg_ctl` into the
/// work folder, listening only on a unix socket there (as `postgres` through `runuser`
/// when run as root), stopped when the benchmark ends.
final class BenchCluster {
    /// The folder of the data and the socket.
    let folder: String
    /// The folder of the server binaries.
    let bin: String

    /// Starts a cluster in `folder`; throws why it cannot (no binaries, a failed start).
    init(folder: String) throws {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap { Int($0) }
        guard
            let bin = versions.sorted(by: >).map({ "\(root)/\($0)/bin" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0 + "/pg_ctl")
            })
        else { throw BenchUsageError("no PostgreSQL server binaries under \(root) (apt-get install postgresql)") }
        self.bin = bin
        self.folder = folder
        if FileManager.default.fileExists(atPath: folder + "/data") {
            // A cluster of an earlier run in a kept work folder (`--work`): stop it if it still runs, start afresh.
            try? server("pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
            try FileManager.default.removeItem(atPath: folder)
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if getuid() == 0 { try Self.check(Invocation(program: "chown", arguments: ["postgres:postgres", folder])) }
        try server("initdb", ["-D", folder + "/data", "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
        let options = "-c listen_addresses='' -k \(folder) -c fsync=off -c synchronous_commit=off"
        try server("pg_ctl", ["-D", folder + "/data", "-l", folder + "/log", "-w", "-o", options, "start"])
    }

    /// Stops the server.
    func stop() {
        try? server("pg_ctl", ["-D", folder + "/data", "-m", "fast", "-w", "stop"])
    }

    /// The URI of database `name`.
    func uri(_ name: String) -> String { "postgresql://postgres@/\(name)?host=\(folder)" }

    /// psql on database `name` running `sql` (or a psql meta-command).
    func psql(_ name: String, _ sql: String) -> Invocation {
        Invocation(program: bin + "/psql", arguments: ["-X", "-q", "-v", "ON_ERROR_STOP=1", uri(name), "-c", sql])
    }

    /// psql on database `name` running `commands` (SQL or a psql meta-command each) in one transaction.
    func psql(_ name: String, _ commands: [String]) -> Invocation {
        Invocation(
            program: bin + "/psql",
            arguments: ["-X", "-q", "-1", "-v", "ON_ERROR_STOP=1", uri(name)] + commands.flatMap { ["-c", $0] })
    }

    /// Runs `sql` on database `name`; throws when it fails.
    func run(_ name: String, _ sql: String) throws {
        try Self.check(psql(name, sql))
    }

    /// Runs a server program, as `postgres` (from /tmp, which that user may enter) when root.
    private func server(_ name: String, _ arguments: [String]) throws {
        let program = bin + "/" + name
        try Self.check(
            getuid() == 0
                ? Invocation(
                    program: "runuser", arguments: ["-u", "postgres", "--", "env", "--chdir=/tmp", program] + arguments)
                : Invocation(program: program, arguments: arguments))
    }

    private static func check(_ invocation: Invocation) throws {
        let sample = invocation.runDirectly()
        guard sample.status == 0 else {
            let errors = sample.errors.split(whereSeparator: \.isNewline).joined(separator: " ")
            throw BenchUsageError(
                "\(invocation.program) \(invocation.arguments.joined(separator: " ")) failed: " + errors)
        }
    }
}
