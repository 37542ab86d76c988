import Foundation

/// The benchmark's results as Markdown tables: the goals at the floor (issue 34), near the
/// limit (issue 14), those against common tools and PostgreSQL's (issues 5 and 11), every command, and the work
/// timed in-process.
struct BenchReport {
    /// The measured suite.
    let suite: BenchSuite
    /// The options it ran with.
    let options: BenchOptions
    /// How many people the one-shot find matches.
    let findMatches: Int

    /// The whole report.
    var text: String {
        var lines: [String] = []
        lines.append(
            "directory-bench: medians of \(options.runs) run\(options.runs == 1 ? "" : "s") each, interleaved "
                + "(\(options.runs * BenchCommands.floorTimesPerRound) for the rows against the floor); "
                + "\(ProcessInfo.processInfo.activeProcessorCount) CPUs; \(options.people.formatted) people")
        if Invocation.gnuTime == nil {
            lines.append(
                "(GNU time is not installed: peak memory is wait4's, which never drops below this benchmark's own peak)"
            )
        }
        let share = Double(findMatches) / Double(max(options.people, 1)) * 100
        lines.append("")
        lines.append("Goals of issue 34 (speed at the floor)")
        lines.append(
            "(the floor: directory-floor reads the file and writes it whole beside itself, fsync, rename, "
                + "fsync of the folder: the I/O of a save and nothing else)")
        lines.append("")
        lines += goalTable(suite.floorGoals)
        lines.append("")
        lines.append(
            "How far the JSON and binary plist rows can go in this run (the floor, and the least parse that keeps "
                + "the list on two threads: json-bound with simdjson, directory-bound behind its read; where one "
                + "misses its row's goal, no program that loads the list that way meets it here)")
        lines.append("")
        lines += goalTable(suite.floorBounds, ours: "least parse")
        lines.append("")
        lines.append("Goals of issue 14 (performance near the limit)")
        lines.append(
            "(find searches for \"\(BenchData.findText)\", a common surname: \(findMatches.formatted) people, "
                + String(format: "%.1f %%", share) + "; the prompt rows are timed in-process)")
        lines.append("")
        lines += goalTable(suite.nearTheLimitGoals)
        let first = suite.prompt.firstFind
        lines.append("")
        lines.append(
            "\(first.work) (no goal of its own; it may build what later finds reuse): "
                + (first.skipped ?? Self.seconds(first.seconds) + ", " + Self.range(first)))
        lines.append("")
        lines.append("Goals of issue 5 (and of issue 11, PostgreSQL)")
        lines.append("")
        lines += goalTable(suite.goals)
        if let before = suite.before {
            lines.append("")
            lines.append("Before and after: \(before) (before) against this directory (after), interleaved")
            lines.append("")
            lines += beforeAfterTable(suite.floorGoals + suite.nearTheLimitGoals + suite.goals)
        }
        lines.append("")
        lines.append("| command | work | median | fastest – slowest | peak memory |")
        lines.append("|---|---|--:|--:|--:|")
        for measured in suite.contenders as [any Measured] + suite.prompt.all {
            if let reason = measured.skipped {
                lines.append("| \(measured.label) | \(measured.work) | \(reason) | | |")
                continue
            }
            lines.append(
                "| \(measured.label) | \(measured.work) | \(Self.seconds(measured.seconds)) | \(Self.range(measured)) "
                    + "| \(Self.megabytes(measured.peakBytes)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// A table of `goals`, whose own figures are `ours`'s.
    private func goalTable(_ goals: [Goal], ours: String = "directory") -> [String] {
        var lines = [
            "| goal | \(ours) | its peak | compared with | time | peak | ratio | goal | result |",
            "|---|--:|--:|---|--:|--:|--:|--:|---|",
        ]
        for goal in goals {
            let ratio = goal.ratio.map { String(format: "%.2f×", $0) } ?? "—"
            lines.append(
                "| \(goal.work) | \(Self.seconds(goal.ours.seconds)) | \(Self.megabytes(goal.ours.peakBytes)) "
                    + "| \(Self.referenceColumns(goal)) | \(ratio) | \(Self.limit(goal)) | \(goal.verdict) |")
        }
        return lines
    }

    /// Every goal whose command has a `--before` twin: both figures, after over before, and
    /// the goal's ratio with each.
    private func beforeAfterTable(_ goals: [Goal]) -> [String] {
        var lines = [
            "| goal | before | after | after / before | ratio before | ratio after | goal |",
            "|---|--:|--:|--:|--:|--:|--:|",
        ]
        for goal in goals {
            guard let twin = suite.twin(of: goal.ours) else { continue }
            var reference = goal.reference
            if case .commands(let commands) = reference {
                reference = .commands(commands.map { suite.twin(of: $0) ?? $0 })
            }
            let old = Goal(work: goal.work, ours: twin, reference: reference, metric: goal.metric, limit: goal.limit)
            let figure: (Goal) -> String = { goal in
                goal.metric == .time ? Self.seconds(goal.ours.seconds) : Self.megabytes(goal.ours.peakBytes)
            }
            let change: String
            if let after = goal.ours.value(of: goal.metric), let earlier = twin.value(of: goal.metric), earlier > 0 {
                change = String(format: "%.2f×", after / earlier)
            } else {
                change = "—"
            }
            let ratio: (Goal) -> String = { goal in goal.ratio.map { String(format: "%.2f×", $0) } ?? "—" }
            lines.append(
                "| \(goal.work) | \(figure(old)) | \(figure(goal)) | \(change) | \(ratio(old)) | \(ratio(goal)) "
                    + "| \(Self.limit(goal)) |")
        }
        return lines
    }

    /// The reference's name, time and peak memory.
    private static func referenceColumns(_ goal: Goal) -> String {
        switch goal.reference {
        case .commands(let contenders):
            guard let command = goal.referenceCommand else { return "— | — | —" }
            var name = command.isOurs ? "directory (\(command.work))" : command.label
            if contenders.count > 1 {
                let best = goal.metric == .time ? "fastest" : "smallest"
                name += " (\(best) of " + contenders.map(\.label).joined(separator: ", ") + ")"
            }
            return "\(name) | \(seconds(command.seconds)) | \(megabytes(command.peakBytes))"
        case .constant(let label, let value):
            return goal.metric == .time
                ? "\(label) | \(seconds(value)) | —" : "\(label) | — | \(megabytes(value))"
        case .absolute:
            return "— | — | —"
        }
    }

    /// "≤ 0.4×", or for an absolute goal "≤ 60 MB" or "≤ 50.0 ms".
    private static func limit(_ goal: Goal) -> String {
        guard case .absolute = goal.reference else { return String(format: "≤ %.3g×", goal.limit) }
        return "≤ " + (goal.metric == .time ? seconds(goal.limit) : megabytes(goal.limit))
    }

    /// "fastest – slowest", or "—".
    private static func range(_ measured: any Measured) -> String {
        measured.range.map { seconds($0.0) + " – " + seconds($0.1) } ?? "—"
    }

    /// "1.234 s", or under a tenth of a second "12.3 ms", or "—".
    private static func seconds(_ value: Double?) -> String {
        guard let value else { return "—" }
        return value < 0.1 ? String(format: "%.1f ms", value * 1000) : String(format: "%.3f s", value)
    }

    /// "354 MB" (10⁶ bytes), "4.5 MB" under 10 MB, or "—".
    private static func megabytes(_ value: Double?) -> String {
        guard let value else { return "—" }
        return String(format: value < 10e6 ? "%.1f MB" : "%.0f MB", value / 1e6)
    }
}
