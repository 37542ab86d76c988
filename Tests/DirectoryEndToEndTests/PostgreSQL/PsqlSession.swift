import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A psql session kept open beside the program, as a DBA would keep one: statements are
/// sent one line at a time and its output is read from a file, so a transaction (a
/// `LOCK TABLE`) stays open for as long as the test wants. Ended (rolled back) when released.
final class PsqlSession {
    private let process = Process()
    private let input = Pipe()
    private let outputPath: String

    /// Starts psql on `uri` (unaligned, tuples only, stopping at no error).
    init(_ cluster: TestCluster, uri: String, folder: TemporaryFolder) throws {
        outputPath = folder.file(".psql-" + UUID().uuidString)
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: cluster.psqlPath)
        process.arguments = ["-X", "-q", "-A", "-t", uri]
        process.standardInput = input
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle(forWritingAtPath: outputPath)
        signal(SIGPIPE, SIG_IGN)
        try process.run()
    }

    deinit {
        // `\q` ends psql (and rolls back its transaction) even if another process started
        // meanwhile holds the write end of its input, so the end of input never comes.
        try? input.fileHandleForWriting.write(contentsOf: Data("\\q\n".utf8))
        try? input.fileHandleForWriting.close()
        let end = Date().addingTimeInterval(60)
        while process.isRunning, Date() < end { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// Sends `sql` followed by `SELECT 'MARK'`, and waits until psql printed the mark:
    /// everything before it has run. Returns whether it did within a minute.
    @discardableResult
    func run(_ sql: String) -> Bool {
        let mark = "done-" + UUID().uuidString.prefix(8)
        try? input.fileHandleForWriting.write(contentsOf: Data("\(sql)\nSELECT '\(mark)';\n".utf8))
        return waitFor(String(mark))
    }

    /// Everything psql printed so far.
    var output: String {
        String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
    }

    /// Waits until psql's output contains `text`; false after a minute.
    @discardableResult
    func waitFor(_ text: String) -> Bool {
        let end = Date().addingTimeInterval(60)
        while Date() < end {
            if output.contains(text) { return true }
            usleep(10_000)
        }
        return false
    }

    /// Asks the server, until it says so or a minute passed, whether a backend of `database`
    /// named `directory` waits for a lock; the event the Ctrl-C tests wait for.
    static func waitForLockWait(_ cluster: TestCluster, uri: String, database: String) -> Bool {
        let end = Date().addingTimeInterval(60)
        let sql =
            "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)' "
            + "AND application_name = 'directory' AND wait_event_type = 'Lock'"
        while Date() < end {
            if (try? cluster.psql(uri, sql)) == "1\n" { return true }
            usleep(20_000)
        }
        return false
    }
}
