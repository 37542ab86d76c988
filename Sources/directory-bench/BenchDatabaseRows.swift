import DirectoryCore
import DirectoryFiles
import DirectoryPostgreSQL
import Foundation

/// The PostgreSQL rows, side by side with psql: opening the people from a database
/// against `COPY people TO STDOUT`, `save as` into an empty database against psql's
/// `\copy … from` of the same rows as CSV, and one edit + save on the full table.
final class BenchDatabaseRows {
    /// The commands (skipped, with the reason, when there is no server).
    let contenders: [Contender]
    /// Their goals.
    let goals: [Goal]
    /// The server, while it runs.
    let cluster: BenchCluster?
    /// Times of one edit + save on the loaded table, in seconds.
    private(set) var editSaves: [Double] = []
    /// Times of one edit + save after another session saved (a merging save), in seconds.
    private(set) var mergingSaves: [Double] = []
    /// Times of `refresh` after another session saved, in seconds.
    private(set) var refreshes: [Double] = []
    /// Why the rows are not measured, if they are not.
    private(set) var skipped: String?
    private let people: Int

    /// Starts a server in `data`'s folder and loads `people` people into it, or notes why not.
    init(data: BenchData, directory: String, people: Int, log: (String) -> Void) {
        self.people = people
        var cluster: BenchCluster?
        do {
            cluster = try BenchCluster(folder: data.reference("pg"))
        } catch {
            skipped = "skipped: " + error.message
        }
        self.cluster = cluster
        let count = people.formatted
        let binary = data.large[.binaryPlist] ?? ""
        let csv = data.reference("people.csv")
        let columns = "(id, position, name, office, extra, revision)"
        func contender(_ label: String, _ work: String, _ invocation: Invocation, _ ours: Bool, prepare: [String] = [])
            -> Contender
        {
            Contender(label: label, work: work, invocation: invocation, isOurs: ours) {
                for sql in prepare { try cluster?.run(ours ? "empty" : "copied", sql) }
            }
        }
        let none = Invocation(program: "true", arguments: [])
        let openOurs = contender(
            "directory", "PostgreSQL, \(count): open (COPY out)",
            Invocation(program: directory, arguments: [cluster?.uri("loaded") ?? "", "-c", "quit"]), true)
        let openPsql = contender(
            "psql", "PostgreSQL, \(count): COPY people TO STDOUT",
            cluster?.psql("loaded", "COPY people TO STDOUT") ?? none, false)
        let drop =
            "DROP TABLE IF EXISTS people, bucket_items, directory_versions, directory_schema, directory_deletions; "
            + "DROP FUNCTION IF EXISTS directory_notify(), directory_claim(text, bigint), directory_stamp(), "
            + "directory_stamp_people(), directory_stamp_bucket_items(), "
            + "directory_changed(), directory_truncated()"
        let saveOurs = contender(
            "directory", "PostgreSQL, \(count): save as into an empty database",
            Invocation(program: directory, arguments: [binary, "-c", "save as \(cluster?.uri("empty") ?? "")"]), true,
            prepare: [drop])
        // What a DBA would do to load the same rows into the same table (the program's columns,
        // key and indexes; not its triggers and bookkeeping): create it, `\copy`, then add the
        // key and indexes, as pg_restore does, in one transaction, all of it timed, as the
        // program's `save as` is, which creates its tables too.
        let savePsql = contender(
            "psql", "PostgreSQL, \(count): \\copy from CSV into a new table, then its key and indexes",
            cluster?.psql(
                "copied",
                [
                    "CREATE TABLE people (id uuid NOT NULL, position double precision NOT NULL, "
                        + "name text NOT NULL DEFAULT '', office text NOT NULL DEFAULT '', "
                        + "extra jsonb NOT NULL DEFAULT '{}', revision bigint NOT NULL DEFAULT 0)",
                    "\\copy people \(columns) from '\(csv)' csv",
                    "ALTER TABLE people ADD PRIMARY KEY (id); CREATE INDEX ON people (position); "
                        + "CREATE INDEX ON people (revision)",
                ]) ?? none, false,
            prepare: ["DROP TABLE IF EXISTS people"])
        contenders = [openOurs, openPsql, saveOurs, savePsql]
        goals = [
            Goal(
                work: "\(openOurs.work) — time", ours: openOurs, reference: .command(openPsql), metric: .time,
                limit: 1.5),
            Goal(
                work: "\(saveOurs.work) — time", ours: saveOurs, reference: .command(savePsql), metric: .time,
                limit: 1.5),
        ]
        if let skipped {
            for contender in contenders { contender.skipped = skipped }
            return
        }
        guard let cluster else { return }
        log("loading \(count) people into PostgreSQL")
        do {
            for name in ["loaded", "empty", "copied"] { try cluster.run("postgres", "CREATE DATABASE \(name)") }
            let load = Invocation(program: directory, arguments: [binary, "-c", "save as \(cluster.uri("loaded"))"])
            guard load.runDirectly().status == 0 else { throw BenchUsageError("directory could not load the people") }
            try cluster.run("loaded", "\\copy people \(columns) to '\(csv)' csv")
        } catch {
            let reason = "skipped: " + ((error as? BenchUsageError)?.message ?? "\(error)")
            for contender in contenders { contender.skipped = reason }
        }
    }

    /// Opens the loaded table in this process, edits one person, and times the save alone.
    func measureEditSave(run: Int) {
        guard let cluster, skipped == nil else { return }
        let stores = ListStores(files: FileStore(), database: PostgreSQLStore())
        do {
            var session = try Session(
                location: cluster.uri("loaded"), kind: nil, stores: stores, environment: .fixed())
            for line in ["edit \(people / 2 + run)", "set office Bench \(run)"] {
                if let command = try CommandParser.parse(line)?.command { _ = try session.apply(command) }
            }
            let start = Date()
            _ = try session.apply(.save(force: false))
            editSaves.append(Date().timeIntervalSince(start))
        } catch {
            skipped = "one edit + save failed: \(error)"
        }
    }

    /// Opens the loaded table in two sessions of this process; one edits a person and saves,
    /// then the other edits another and saves (timed: it merges the first one's save), then
    /// the first saves again and the other refreshes (timed).
    func measureMergingSave(run: Int) {
        guard let cluster, skipped == nil else { return }
        func open() throws -> Session {
            let stores = ListStores(files: FileStore(), database: PostgreSQLStore())
            return try Session(location: cluster.uri("loaded"), kind: nil, stores: stores, environment: .fixed())
        }
        func apply(_ lines: [String], to session: inout Session) throws {
            for line in lines {
                if let command = try CommandParser.parse(line)?.command { _ = try session.apply(command) }
            }
        }
        do {
            var other = try open()
            var mine = try open()
            try apply(["edit \(people / 3 + run)", "set office Other \(run)", "save"], to: &other)
            try apply(["edit \(people / 2 + run)", "set office Merging \(run)"], to: &mine)
            var start = Date()
            _ = try mine.apply(.save(force: false))
            mergingSaves.append(Date().timeIntervalSince(start))
            try apply(["edit \(people / 4 + run)", "set office Again \(run)", "save"], to: &other)
            start = Date()
            _ = try mine.apply(.refresh)
            refreshes.append(Date().timeIntervalSince(start))
        } catch {
            skipped = "a merging save failed: \(error)"
        }
    }

    /// The lines of the report for a merging save and a refresh, each with the goal of at
    /// most twice the plain edit + save.
    var mergingSaveLines: [String] {
        guard skipped == nil, let plain = Contender.median(editSaves) else { return [] }
        return [
            ("one edit + save after another session saved", mergingSaves),
            ("refresh after another session saved", refreshes),
        ].compactMap { work, times in
            guard let median = Contender.median(times) else { return nil }
            let verdict = median <= 2 * plain ? "PASS" : "MISS"
            return "| \(work), PostgreSQL, \(people.formatted) rows | \(String(format: "%.1f ms", median * 1000)) "
                + "| \(times.count) run\(times.count == 1 ? "" : "s") "
                + "| ≤ 2 × plain save (\(String(format: "%.1f ms", 2 * plain * 1000))) | \(verdict) |"
        }
    }

    /// The line of the report for one edit + save.
    var editSaveLine: String {
        if let skipped { return "| one edit + save, PostgreSQL, \(people.formatted) rows | \(skipped) | | ≤ 50 ms | |" }
        guard let median = Contender.median(editSaves) else { return "" }
        let verdict = median <= 0.05 ? "PASS" : "MISS"
        return "| one edit + save, PostgreSQL, \(people.formatted) rows | \(String(format: "%.1f ms", median * 1000)) "
            + "| \(editSaves.count) run\(editSaves.count == 1 ? "" : "s") | ≤ 50 ms | \(verdict) |"
    }
}

extension Error {
    /// The message of a `BenchUsageError`, or the error's description.
    var message: String { (self as? BenchUsageError)?.message ?? "\(self)" }
}
