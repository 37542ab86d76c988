import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What some tests need of a cluster of their own: a streaming standby to fail over to,
/// and roles that must give a password.
extension TestCluster {
    /// A streaming standby of this cluster (`pg_basebackup -R`), in a folder and on a unix
    /// socket of its own, started; destroy it when done.
    func standby() throws -> TestCluster {
        let folder = "/tmp/dpg-" + String(UUID().uuidString.prefix(8)).lowercased()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if getuid() == 0 { try Self.shell("chown", ["postgres:postgres", folder], asServer: false) }
        try Self.shell(
            bin + "/pg_basebackup", ["-D", folder + "/data", "-R", "-h", self.folder, "-U", "postgres", "-N"],
            asServer: true)
        let standby = TestCluster(adopting: folder, bin: bin)
        try standby.start()
        return standby
    }

    /// Promotes a standby to a primary, waiting until it is one.
    func promote() throws {
        try Self.shell(bin + "/pg_ctl", ["-D", folder + "/data", "-w", "-t", "120", "promote"], asServer: true)
    }

    /// Creates `user` with `password` and makes the server ask that user (only) for it
    /// (scram-sha-256 over the unix socket); returns once the server asks.
    func requirePassword(of user: String, password: String) throws {
        try psql(uri("postgres"), "CREATE ROLE \(user) LOGIN SUPERUSER PASSWORD '\(password)'")
        let rules = "local all \(user) scram-sha-256\nlocal all all trust\nlocal replication all trust\n"
        try rules.write(toFile: folder + "/data/pg_hba.conf", atomically: false, encoding: .utf8)
        try Self.shell(bin + "/pg_ctl", ["-D", folder + "/data", "reload"], asServer: true)
        // The server reads the rules when it gets the signal: wait until it asks.
        let end = Date().addingTimeInterval(60)
        while (try? psql(uri("postgres", user: user), "SELECT 1")) != nil, Date() < end { usleep(20_000) }
    }
}
