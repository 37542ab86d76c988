import DirectoryCore
import Foundation

/// Every command of the benchmark and the goals that compare them.
final class BenchSuite {
    /// The commands, in the order of a run.
    private(set) var contenders: [Contender]
    /// The goals against common tools, and the PostgreSQL rows' goals.
    private(set) var goals: [Goal]
    /// The goals near the limit.
    let nearTheLimitGoals: [Goal]
    /// The goals at the floor (issue 34).
    let floorGoals: [Goal]
    /// The least parse against the same floor, with the binary plist's goal: how far that
    /// row can go in this run.
    let floorBounds: [Goal]
    /// `find` and completion at the prompt, timed in this process.
    let prompt: BenchPromptRows
    /// The `--before` executable, if any.
    let before: String?
    /// Each of our commands' twin run by the `--before` executable, by the command.
    private(set) var twins: [ObjectIdentifier: Contender] = [:]

    /// Sets up the commands on `data`.
    init(data: BenchData, directory: String, floor: String, bound: String, options: BenchOptions) {
        let commands = BenchCommands(data: data, directory: directory, floor: floor, bound: bound, options: options)
        prompt = BenchPromptRows(data: data, people: options.people)
        before = options.before
        contenders = []
        goals = Goal.againstCommonTools(commands, options: options)
        nearTheLimitGoals = Goal.nearTheLimit(commands, data: data, prompt: prompt)
        floorGoals = Goal.atTheFloor(commands, data: data)
        floorBounds = Goal.boundsAtTheFloor(commands)
        contenders = withTwins(commands.all)
    }

    /// Adds the PostgreSQL rows.
    func add(_ database: BenchDatabaseRows) {
        contenders += withTwins(database.contenders)
        goals += database.goals
    }

    /// `commands`, each of ours followed by its twin run by the `--before` executable.
    private func withTwins(_ commands: [Contender]) -> [Contender] {
        guard let before else { return commands }
        return commands.flatMap { command -> [Contender] in
            guard command.isOurs else { return [command] }
            let twin = command.twin(running: before)
            twins[ObjectIdentifier(command)] = twin
            return [command, twin]
        }
    }

    /// The twin of `measured` run by the `--before` executable, if it has one.
    func twin(of measured: any Measured) -> Contender? {
        twins[ObjectIdentifier(measured)]
    }

    /// Marks the reference commands whose tool is not installed (or, for the floor, not
    /// built) as skipped.
    func skipMissingTools() {
        let python = Invocation(program: "python3", arguments: ["-c", "import json, plistlib"]).succeeds()
        let msgspec = python && Invocation(program: "python3", arguments: ["-c", "import msgspec"]).succeeds()
        let orjson = python && Invocation(program: "python3", arguments: ["-c", "import orjson"]).succeeds()
        let sqlite = Invocation(program: "sqlite3", arguments: [":memory:", "select 1;"]).succeeds()
        for contender in contenders where !contender.isOurs {
            switch contender.label {
            case Contender.floorLabel where !FileManager.default.isExecutableFile(atPath: contender.invocation.program):
                contender.skipped = "not built (swift build -c release --product directory-floor)"
            case Contender.boundLabel where !FileManager.default.isExecutableFile(atPath: contender.invocation.program):
                contender.skipped = "not built (swift build -c release --product directory-bound)"
            case Contender.jsonBoundLabel
            where !FileManager.default.isExecutableFile(atPath: contender.invocation.program):
                contender.skipped = "not built (scripts/bench builds it where libsimdjson-dev is installed)"
            case "msgspec" where !msgspec: contender.skipped = "not installed (pip install msgspec)"
            case "orjson" where !orjson: contender.skipped = "not installed (pip install orjson)"
            case "sqlite3" where !sqlite: contender.skipped = "not installed (apt-get install sqlite3)"
            case _ where contender.invocation.program == "python3" && !python: contender.skipped = "python3 not found"
            default: break
            }
        }
    }

    /// Runs every command once, in order or (to even out drift on a busy machine) in
    /// reverse, and times the prompt (after the commands, or before them when reversed).
    func runOnce(_ run: Int, reversed: Bool) throws {
        if reversed { prompt.measure(run: run) }
        for contender in reversed ? contenders.reversed() : contenders {
            try contender.measure()
        }
        if !reversed { prompt.measure(run: run) }
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
