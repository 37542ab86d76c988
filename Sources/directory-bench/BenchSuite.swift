import DirectoryCore

/// Every command of the benchmark and the goals that compare them.
final class BenchSuite {
    /// The commands, in the order of a run.
    private(set) var contenders: [Contender]
    /// The goals of issue 5, and of issue 11 for the database rows.
    private(set) var goals: [Goal]

    /// Sets up the commands on `data`.
    init(data: BenchData, directory: String, options: BenchOptions) {
        func ours(_ label: String, _ work: String, _ source: String, _ scratch: String, _ commands: [String])
            -> Contender
        {
            let target = data.scratch(scratch)
            return Contender(
                label: label, work: work,
                invocation: Invocation(program: directory, arguments: [target] + commands.flatMap { ["-c", $0] }),
                isOurs: true, prepare: { try BenchData.copy(source, to: target) })
        }
        func python(
            _ label: String, _ work: String, _ source: String, _ scratch: String, _ script: String,
            _ extra: [String] = []
        )
            -> Contender
        {
            let target = data.scratch(scratch)
            return Contender(
                label: label, work: work,
                invocation: Invocation(program: "python3", arguments: [data.reference(script), target] + extra),
                isOurs: false, prepare: { try BenchData.copy(source, to: target) })
        }
        let edit = ["new Zoë Bench", "set office Briggs 413", "save"]
        let people = options.people.formatted
        let scriptTarget = data.scratch("script.json")
        let databaseTarget = data.scratch("script.db")
        let script = Contender(
            label: "directory", work: "\(options.scriptPeople.formatted) × new + set, save",
            invocation: Invocation(program: directory, arguments: [scriptTarget], input: data.script), isOurs: true,
            prepare: { BenchData.remove(scriptTarget) })
        let sqlite = Contender(
            label: "sqlite3", work: "\(options.scriptPeople.formatted) INSERTs in a transaction",
            invocation: Invocation(program: "sqlite3", arguments: [databaseTarget], input: data.inserts), isOurs: false,
            prepare: { BenchData.remove(databaseTarget) })
        let json = data.large[.json] ?? ""
        let binary = data.large[.binaryPlist] ?? ""
        let xml = data.large[.xmlPlist] ?? ""
        let oursJSON = ours("directory", "JSON, \(people): load, edit, save", json, "people.json", edit)
        let pythonJSON = python(
            "python json", "JSON, \(people): load, edit, save", json, "py-people.json", "json_edit.py")
        let msgspec = python("msgspec", "JSON, \(people): load, edit, save", json, "ms-people.json", "msgspec_edit.py")
        let oursBinary = ours("directory", "binary plist, \(people): load, edit, save", binary, "people.plist", edit)
        let plistBinary = python(
            "python plistlib", "binary plist, \(people): load, edit, save", binary, "py-people.plist", "plist_edit.py",
            ["binary"])
        let oursXML = ours("directory", "XML plist, \(people): load, edit, save", xml, "people-xml.plist", edit)
        let plistXML = python(
            "python plistlib", "XML plist, \(people): load, edit, save", xml, "py-people-xml.plist", "plist_edit.py",
            ["xml"])
        let small = options.smallPeople.formatted
        let oursStart = Contender(
            label: "directory", work: "JSON, \(small): -c quit",
            invocation: Invocation(program: directory, arguments: [data.small, "-c", "quit"]), isOurs: true, prepare: {}
        )
        let pythonStart = Contender(
            label: "python json", work: "JSON, \(small): json.load",
            invocation: Invocation(program: "python3", arguments: [data.reference("json_load.py"), data.small]),
            isOurs: false, prepare: {})
        let oursSmall = ours("directory", "JSON, \(small): load, edit, save", data.small, "people-small.json", edit)
        contenders = [
            script, sqlite, oursJSON, pythonJSON, msgspec, oursBinary, plistBinary, oursXML, plistXML, oursStart,
            pythonStart, oursSmall,
        ]
        let growth = Double(options.people) / Double(options.smallPeople) * 1.1
        goals = [
            Goal(work: "script: \(script.work)", ours: script, reference: sqlite, metric: .time, limit: 0.5),
            Goal(work: "\(oursJSON.work) — time", ours: oursJSON, reference: pythonJSON, metric: .time, limit: 0.5),
            Goal(
                work: "\(oursJSON.work) — peak memory", ours: oursJSON, reference: pythonJSON, metric: .memory,
                limit: 0.5),
            Goal(work: "\(oursJSON.work) — time", ours: oursJSON, reference: msgspec, metric: .time, limit: 1.0),
            Goal(
                work: "\(oursBinary.work) — time", ours: oursBinary, reference: plistBinary, metric: .time, limit: 0.1),
            Goal(work: "\(oursXML.work) — time", ours: oursXML, reference: plistXML, metric: .time, limit: 0.2),
            Goal(
                work: "start-up: \(oursStart.work)", ours: oursStart, reference: pythonStart, metric: .time, limit: 0.5),
            Goal(
                work: "growth \(small) → \(people) (JSON load, edit, save)", ours: oursJSON, reference: oursSmall,
                metric: .time, limit: growth),
        ]
    }

    /// Adds the PostgreSQL rows.
    func add(_ database: BenchDatabaseRows) {
        contenders += database.contenders
        goals += database.goals
    }

    /// Marks the reference commands whose tool is not installed as skipped.
    func skipMissingTools() {
        let python = Invocation(program: "python3", arguments: ["-c", "import json, plistlib"]).succeeds()
        let msgspec = python && Invocation(program: "python3", arguments: ["-c", "import msgspec"]).succeeds()
        let sqlite = Invocation(program: "sqlite3", arguments: [":memory:", "select 1;"]).succeeds()
        for contender in contenders where !contender.isOurs {
            switch contender.label {
            case "msgspec" where !msgspec: contender.skipped = "not installed (pip install msgspec)"
            case "sqlite3" where !sqlite: contender.skipped = "not installed (apt-get install sqlite3)"
            case _ where contender.invocation.program == "python3" && !python: contender.skipped = "python3 not found"
            default: break
            }
        }
    }

    /// Runs every command once, in order or (to even out drift on a busy machine) in reverse.
    func runOnce(reversed: Bool) throws {
        for contender in reversed ? contenders.reversed() : contenders {
            try contender.measure()
        }
    }
}

extension Int {
    /// The number with thousands separators: 1,000,000.
    var formatted: String {
        let digits = String(self)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
