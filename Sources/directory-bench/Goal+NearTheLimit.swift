/// The goals near the limit (the report's "Goals of issue 14"): `directory` against the
/// fastest JSON libraries, the size of its own files, sqlite3, and the 50 ms in which a
/// command at the prompt feels instant.
extension Goal {
    /// The goals near the limit on `commands` and the in-process `prompt` timings.
    static func nearTheLimit(_ commands: BenchCommands, data: BenchData, prompt: BenchPromptRows) -> [Goal] {
        let c = commands
        let jsonSize = Reference.constant(label: "the file's size", value: BenchData.size(of: data.large[.json] ?? ""))
        let xmlSize = Reference.constant(
            label: "the file's size", value: BenchData.size(of: data.large[.xmlPlist] ?? ""))
        var goals = [
            Goal(
                work: "\(c.json.work) — time", ours: c.json, reference: .commands([c.orjson, c.msgspec]),
                metric: .time, limit: 0.4),
            Goal(work: "\(c.json.work) — peak memory", ours: c.json, reference: jsonSize, metric: .memory, limit: 1.6),
            Goal(
                work: "\(c.binary.work) — time", ours: c.binary, reference: .command(c.plistBinary), metric: .time,
                limit: 0.04),
            Goal(work: "\(c.xml.work) — peak memory", ours: c.xml, reference: xmlSize, metric: .memory, limit: 2),
            Goal(
                work: "script: \(c.script.work) — time", ours: c.script, reference: .command(c.sqlite), metric: .time,
                limit: 0.15),
            Goal(
                work: "script: \(c.script.work) — peak memory", ours: c.script, reference: .absolute, metric: .memory,
                limit: 60e6),
            Goal(
                work: "start-up: \(c.start.work)", ours: c.start, reference: .command(c.pythonStart), metric: .time,
                limit: 0.25),
            Goal(
                work: "one-shot \(c.find.work)", ours: c.find, reference: .command(c.sqliteFind), metric: .time,
                limit: 1.0),
        ]
        for timing in prompt.goalTimings {
            goals.append(Goal(work: timing.work, ours: timing, reference: .absolute, metric: .time, limit: 0.05))
        }
        return goals
    }
}
