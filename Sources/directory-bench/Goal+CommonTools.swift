/// The goals against common tools (the report's "Goals of issue 5"): `directory` against
/// Python's `json` and `plistlib`, msgspec and sqlite3, and its growth from the small file
/// to the large one.
extension Goal {
    /// The goals against common tools on `commands`.
    static func againstCommonTools(_ commands: BenchCommands, options: BenchOptions) -> [Goal] {
        let c = commands
        let growth = Double(options.people) / Double(options.smallPeople) * 1.1
        let growthWork = "growth \(options.smallPeople.formatted) → \(options.people.formatted) (JSON load, edit, save)"
        return [
            Goal(
                work: "script: \(c.script.work)", ours: c.script, reference: .command(c.sqlite), metric: .time,
                limit: 0.5),
            Goal(
                work: "\(c.json.work) — time", ours: c.json, reference: .command(c.pythonJSON), metric: .time,
                limit: 0.5),
            Goal(
                work: "\(c.json.work) — peak memory", ours: c.json, reference: .command(c.pythonJSON), metric: .memory,
                limit: 0.5),
            Goal(
                work: "\(c.json.work) — time", ours: c.json, reference: .command(c.msgspec), metric: .time, limit: 1.0),
            Goal(
                work: "\(c.binary.work) — time", ours: c.binary, reference: .command(c.plistBinary), metric: .time,
                limit: 0.1),
            Goal(work: "\(c.xml.work) — time", ours: c.xml, reference: .command(c.plistXML), metric: .time, limit: 0.2),
            Goal(
                work: "start-up: \(c.start.work)", ours: c.start, reference: .command(c.pythonStart), metric: .time,
                limit: 0.5),
            Goal(work: growthWork, ours: c.json, reference: .command(c.small), metric: .time, limit: growth),
        ]
    }
}
