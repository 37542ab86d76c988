/// The goals at the floor (the report's "Goals of issue 34"): each load + edit + save
/// against `directory-floor` on the same file, which does only the I/O a save must do (read
/// the file, write it whole beside itself, fsync, rename); one-shot `find` against sqlite3
/// in time and against the file's size in memory; the script against sqlite3.
extension Goal {
    /// The JSON row's goal against its floor.
    static let jsonLimit = 1.15
    /// The binary plist row's goal against its floor.
    static let binaryPlistLimit = 1.3

    /// The goals at the floor on `commands`.
    static func atTheFloor(_ commands: BenchCommands, data: BenchData) -> [Goal] {
        let c = commands
        let jsonSize = Reference.constant(label: "the file's size", value: BenchData.size(of: data.large[.json] ?? ""))
        return [
            Goal(
                work: "\(c.json.work) — against its floor", ours: c.json, reference: .command(c.jsonFloor),
                metric: .time, limit: jsonLimit),
            Goal(
                work: "\(c.binary.work) — against its floor", ours: c.binary, reference: .command(c.binaryFloor),
                metric: .time, limit: binaryPlistLimit),
            Goal(
                work: "\(c.xml.work) — against its floor", ours: c.xml, reference: .command(c.xmlFloor),
                metric: .time, limit: 2.0),
            Goal(
                work: "one-shot \(c.find.work) — time", ours: c.find, reference: .command(c.sqliteFind),
                metric: .time, limit: 1.0),
            Goal(
                work: "one-shot \(c.find.work) — peak memory", ours: c.find, reference: jsonSize, metric: .memory,
                limit: 0.5),
            Goal(
                work: "script: \(c.script.work) — time", ours: c.script, reference: .command(c.sqlite), metric: .time,
                limit: 0.2),
        ]
    }

    /// Each least parse against its floor, with the goal of the row it bounds: when it misses,
    /// no program that loads and keeps the list that way meets that row's goal in this run.
    static func boundsAtTheFloor(_ commands: BenchCommands) -> [Goal] {
        let c = commands
        return [
            Goal(
                work: "\(c.jsonBound.work) — the least parse with simdjson against its floor", ours: c.jsonBound,
                reference: .command(c.jsonFloor), metric: .time, limit: jsonLimit),
            Goal(
                work: "\(c.binaryBound.work) — the least parse against its floor", ours: c.binaryBound,
                reference: .command(c.binaryFloor), metric: .time, limit: binaryPlistLimit),
        ]
    }
}
