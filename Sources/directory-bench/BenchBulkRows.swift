import DirectoryCore
import DirectoryFiles
import DirectoryPostgreSQL
import Foundation

/// The PostgreSQL bulk rows (`--postgresql-only`, docs/performance.md): 10,000 changes saved
/// on 200,000 and on all the loaded rows against psql's `UPDATE … FROM` of the same rows; a
/// psql bulk `UPDATE` of every row with the directory's triggers against the same table
/// without them; and the program's CPU for a one-edit save on all the rows against 10,000.
/// Each pair runs interleaved, the order swapped every run, as the machine may be busy; the
/// bulk `UPDATE`s are compared by the server's CPU time (`log_executor_stats`), which other
/// work on the machine changes far less than their wall time, each run on two fresh copies of
/// the same table (a table an earlier run updated and vacuumed is half empty, and updates
/// differently), each run's figures printed beside the medians.
final class BenchBulkRows {
    /// How many people the bulk saves change.
    static let changed = 10_000

    private let cluster: BenchCluster
    private let people: Int
    private let folder: String
    /// Each size's database: the rows it holds and its name.
    private var sizes: [(rows: Int, database: String)] = []
    /// Seconds of our bulk saves and psql's `UPDATE … FROM`, by size.
    private var saves: [Int: (ours: [Double], psql: [Double])] = [:]
    /// The server's CPU seconds of psql's bulk `UPDATE` with the triggers and without them.
    private var triggered: (with: [Double], without: [Double]) = ([], [])
    /// Wall seconds of the same `UPDATE`s, for the record.
    private var triggeredWall: (with: [Double], without: [Double]) = ([], [])
    /// Which of each run's two `UPDATE`s went first.
    private var triggerOrder: [String] = []
    /// The database the triggers' row copies afresh for each of its runs: the loaded
    /// people, vacuumed and analyzed, with the directory's triggers.
    private static let triggerTemplate = "trigger_template"
    /// CPU seconds of a one-edit save, by rows.
    private var editCPU: [Int: [Double]] = [:]
    /// Why the rows are not measured, if they are not.
    private(set) var skipped: String?

    /// Copies the loaded database (`loaded`, `people` rows) into the databases the rows need.
    init?(database: BenchDatabaseRows, people: Int, folder: String, log: (String) -> Void) {
        guard let cluster = database.cluster, database.skipped == nil else { return nil }
        self.cluster = cluster
        self.people = people
        self.folder = folder
        log("copying the loaded people for the bulk rows")
        do {
            let small = min(200_000, people)
            let copies = [
                ("bulk_small", small), ("bulk_all", people), ("edit_small", min(10_000, people)),
                (Self.triggerTemplate, people),
            ]
            for (name, rows) in copies {
                try cluster.run("postgres", "CREATE DATABASE \(name) TEMPLATE loaded")
                if rows < people { try cluster.run(name, "DELETE FROM people WHERE position > \(rows)") }
                try cluster.run(name, "VACUUM ANALYZE people")
            }
            sizes = small < people ? [(small, "bulk_small"), (people, "bulk_all")] : [(people, "bulk_all")]
        } catch {
            skipped = "skipped: " + error.message
        }
    }

    /// One run of every pair.
    func measure(run: Int) {
        guard skipped == nil else { return }
        do {
            for (rows, database) in sizes {
                var pair = saves[rows] ?? ([], [])
                let step = max(1, rows / Self.changed)
                let psql = try psqlUpdate(database, rows: rows, step: step, run: run)
                let ours = { () throws -> Double in try self.bulkSave(database, rows: rows, step: step, run: run) }
                if run % 2 == 0 {
                    pair.psql.append(psql.runDirectly().seconds)
                    pair.ours.append(try ours())
                } else {
                    pair.ours.append(try ours())
                    pair.psql.append(psql.runDirectly().seconds)
                }
                saves[rows] = pair
            }
            try measureTriggers(run: run)
            for (rows, database) in run % 2 == 0
                ? [(people, "bulk_all"), (10_000, "edit_small")]
                : [(10_000, "edit_small"), (people, "bulk_all")]
            {
                editCPU[rows, default: []].append(try editSaveCPU(database, rows: min(rows, people), run: run))
            }
        } catch {
            skipped = "a bulk row failed: " + error.message
        }
    }

    /// One run of the triggers' row: two fresh copies of the loaded table, made the same way
    /// (file copies of one vacuumed and analyzed database, so the same pages, fill, indexes,
    /// statistics and visibility map), one without the directory's triggers; a checkpoint
    /// before each `UPDATE`, so neither pays the other's dirty pages or full-page writes; the
    /// order swapped every run; both copies dropped after.
    private func measureTriggers(run: Int) throws {
        let with = "triggers_\(run)"
        let without = "plain_\(run)"
        for database in [with, without] {
            try cluster.run(
                "postgres", "CREATE DATABASE \(database) TEMPLATE \(Self.triggerTemplate) STRATEGY FILE_COPY")
        }
        let triggers = ["stamp", "stamp_insert", "insert_changed", "update_changed", "delete_changed", "truncate"]
        for trigger in triggers {
            try cluster.run(without, "DROP TRIGGER IF EXISTS people_\(trigger) ON people")
        }
        var figures: [String: (cpu: Double, wall: Double)] = [:]
        for database in run % 2 == 0 ? [without, with] : [with, without] {
            try cluster.run("postgres", "CHECKPOINT")
            figures[database] = try bulkUpdate(database)
        }
        for database in [with, without] { try cluster.run("postgres", "DROP DATABASE \(database)") }
        guard let triggered = figures[with], let plain = figures[without] else { return }
        self.triggered.with.append(triggered.cpu)
        self.triggered.without.append(plain.cpu)
        triggeredWall.with.append(triggered.wall)
        triggeredWall.without.append(plain.wall)
        triggerOrder.append(run % 2 == 0 ? "without first" : "with first")
        BenchProgram.log(Self.triggerRunLine(run: run, order: triggerOrder.last ?? "", triggered, plain))
    }

    /// Run `run`'s figures of the triggers' row, as a report line.
    private static func triggerRunLine(
        run: Int, order: String, _ with: (cpu: Double, wall: Double), _ without: (cpu: Double, wall: Double)
    ) -> String {
        "| the same, run \(run) (\(order)): the server's CPU; wall | "
            + String(format: "%.3f s CPU; %.1f s", with.cpu, with.wall) + " | "
            + String(format: "%.3f s CPU; %.1f s", without.cpu, without.wall) + " | "
            + String(format: "%.2f×; %.2f×", with.cpu / without.cpu, with.wall / without.wall) + " | | |"
    }

    /// Opens `database` in this process, changes the office of every `step`-th person, and
    /// times the save alone.
    private func bulkSave(_ database: String, rows: Int, step: Int, run: Int) throws -> Double {
        var session = try open(database)
        var index = step
        while index <= rows {
            try Self.apply(["edit \(index)", "set office Ours \(run) \(index)"], to: &session)
            index += step
        }
        let start = Date()
        _ = try session.apply(.save(force: false))
        return Date().timeIntervalSince(start)
    }

    /// psql changing the same people's offices as one `COPY` into a temporary table and one
    /// `UPDATE … FROM`, in one transaction.
    private func psqlUpdate(_ database: String, rows: Int, step: Int, run: Int) throws -> Invocation {
        let csv = folder + "/bulk-\(database).csv"
        try cluster.run(
            database,
            "\\copy (SELECT id, 'Psql \(run) ' || r FROM (SELECT id, row_number() OVER (ORDER BY position) AS r "
                + "FROM people) s WHERE r % \(step) = 0) to '\(csv)' csv")
        let script = folder + "/bulk-\(database).sql"
        try """
        CREATE TEMPORARY TABLE changed (id uuid, office text);
        \\copy changed from '\(csv)' csv
        UPDATE people AS p SET office = c.office FROM changed AS c WHERE p.id = c.id;
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let psql = cluster.psql(database, "")
        return Invocation(program: psql.program, arguments: Array(psql.arguments.dropLast(2)) + ["-1", "-f", script])
    }

    /// psql's `UPDATE people SET office = office || 'x'` of every row of `database`: the
    /// server's CPU seconds (user and system, as `log_executor_stats` reports them to psql)
    /// and the wall seconds.
    private func bulkUpdate(_ database: String) throws -> (cpu: Double, wall: Double) {
        let psql = cluster.psql(database, "UPDATE people SET office = office || 'x'")
        let statistics = "options=-c%20log_executor_stats%3Don%20-c%20client_min_messages%3Dlog"
        let invocation = Invocation(
            program: psql.program,
            arguments: psql.arguments.map { $0 == cluster.uri(database) ? $0 + "&" + statistics : $0 })
        let sample = invocation.runDirectly()
        guard sample.status == 0, let cpu = Self.serverCPU(in: sample.errors) else {
            throw BenchUsageError(
                "psql's bulk UPDATE on \(database) failed or reported no statistics: " + sample.errors)
        }
        return (cpu, sample.seconds)
    }

    /// The user + system seconds of `! 1.5 s user, 0.2 s system, 2.0 s elapsed`, the line
    /// `log_executor_stats` writes for a statement.
    static func serverCPU(in log: String) -> Double? {
        for line in log.split(separator: "\n") where line.hasPrefix("!") && line.hasSuffix(" s elapsed") {
            let words = line.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
            guard words.count >= 6, words[1] == "s", words[2] == "user", let user = Double(words[0]),
                let system = Double(words[3])
            else { continue }
            return user + system
        }
        return nil
    }

    /// The program's CPU seconds (user and system) for one edit + save on `database`.
    private func editSaveCPU(_ database: String, rows: Int, run: Int) throws -> Double {
        var session = try open(database)
        try Self.apply(["edit \(rows / 2 + run)", "set office CPU \(run)"], to: &session)
        let before = Self.cpuSeconds()
        _ = try session.apply(.save(force: false))
        return Self.cpuSeconds() - before
    }

    private static func apply(_ lines: [String], to session: inout Session) throws {
        for line in lines {
            if let command = try CommandParser.parse(line)?.command { _ = try session.apply(command) }
        }
    }

    private func open(_ database: String) throws -> Session {
        let stores = ListStores(files: FileStore(), database: PostgreSQLStore())
        return try Session(location: cluster.uri(database), kind: nil, stores: stores, environment: .fixed())
    }

    /// This process's CPU time so far (user and system, every thread), as `clock(3)` tells it.
    private static func cpuSeconds() -> Double {
        Double(clock()) / Double(CLOCKS_PER_SEC)
    }

    /// The report's lines: | goal | directory | compared with | ratio | goal | result |.
    var lines: [String] {
        if let skipped { return ["| PostgreSQL bulk rows | \(skipped) | | | | |"] }
        var lines: [String] = []
        func line(_ work: String, _ ours: [Double], _ theirs: [Double], _ limit: Double, unit: String = "s") {
            guard let mine = Contender.median(ours), let reference = Contender.median(theirs) else { return }
            let ratio = mine / reference
            lines.append(
                "| \(work) | \(String(format: "%.3f \(unit)", mine)) | \(String(format: "%.3f \(unit)", reference)) "
                    + "| \(String(format: "%.2f×", ratio)) | ≤ \(limit)× | \(ratio <= limit ? "PASS" : "MISS") |")
        }
        for (rows, _) in sizes {
            guard let pair = saves[rows] else { continue }
            line(
                "PostgreSQL, \(rows.formatted) rows: save of \(Self.changed.formatted) changed people vs psql's "
                    + "COPY + UPDATE … FROM", pair.ours, pair.psql, 1.5)
        }
        line(
            "PostgreSQL, \(people.formatted) rows: psql's bulk UPDATE with the directory's triggers vs without "
                + "(the server's CPU)", triggered.with, triggered.without, 1.3, unit: "s CPU")
        if let with = Contender.median(triggeredWall.with), let without = Contender.median(triggeredWall.without) {
            lines.append(
                "| the same, wall time (for the record) | \(String(format: "%.3f s", with)) "
                    + "| \(String(format: "%.3f s", without)) | \(String(format: "%.2f×", with / without)) | | |")
        }
        for run in triggerOrder.indices {
            lines.append(
                Self.triggerRunLine(
                    run: run + 1, order: triggerOrder[run], (triggered.with[run], triggeredWall.with[run]),
                    (triggered.without[run], triggeredWall.without[run])))
        }
        // Each run's two UPDATEs ran side by side on the same table, so their ratio is the
        // paired figure; the ratio of the medians above may pair figures of different runs.
        if let ratio = Contender.median(zip(triggered.with, triggered.without).map { $0 / $1 }) {
            lines.append(
                "| the same, the median of the runs' ratios (the server's CPU) | | | "
                    + "\(String(format: "%.2f×", ratio)) | ≤ 1.3× | \(ratio <= 1.3 ? "PASS" : "MISS") |")
        }
        line(
            "PostgreSQL: the program's CPU for one edit + save, \(people.formatted) rows vs 10,000",
            editCPU[people] ?? [], editCPU[10_000] ?? [], 1.5, unit: "s CPU")
        return lines
    }
}
