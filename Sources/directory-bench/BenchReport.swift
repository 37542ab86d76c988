import Foundation

/// The benchmark's results as Markdown tables: the goals, then every command.
struct BenchReport {
    /// The measured suite.
    let suite: BenchSuite
    /// The options it ran with.
    let options: BenchOptions

    /// The whole report.
    var text: String {
        var lines: [String] = []
        lines.append(
            "directory-bench: medians of \(options.runs) run\(options.runs == 1 ? "" : "s") each, interleaved; "
                + "\(ProcessInfo.processInfo.activeProcessorCount) CPUs; \(options.people.formatted) people")
        if Invocation.gnuTime == nil {
            lines.append(
                "(GNU time is not installed: peak memory is wait4's, which never drops below this benchmark's own peak)"
            )
        }
        lines.append("")
        lines.append("| goal | directory | its peak | compared with | time | peak | ratio | goal | result |")
        lines.append("|---|--:|--:|---|--:|--:|--:|--:|---|")
        for goal in suite.goals {
            let ratio = goal.ratio.map { String(format: "%.2f×", $0) } ?? "—"
            let limit = String(format: "≤ %.2g×", goal.limit)
            let reference = goal.reference === goal.ours ? "—" : goal.reference.label
            lines.append(
                "| \(goal.work) | \(Self.seconds(goal.ours.seconds)) | \(Self.megabytes(goal.ours.peakBytes)) "
                    + "| \(goal.reference.isOurs ? "directory (\(goal.reference.work))" : reference) "
                    + "| \(Self.seconds(goal.reference.seconds)) | \(Self.megabytes(goal.reference.peakBytes)) "
                    + "| \(ratio) | \(limit) | \(goal.verdict) |")
        }
        lines.append("")
        lines.append("| command | work | median | fastest – slowest | peak memory |")
        lines.append("|---|---|--:|--:|--:|")
        for contender in suite.contenders {
            if let reason = contender.skipped {
                lines.append("| \(contender.label) | \(contender.work) | \(reason) | | |")
                continue
            }
            let range = contender.range.map { String(format: "%.3f – %.3f s", $0.0, $0.1) } ?? "—"
            lines.append(
                "| \(contender.label) | \(contender.work) | \(Self.seconds(contender.seconds)) | \(range) "
                    + "| \(Self.megabytes(contender.peakBytes)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// "1.234 s", or "—".
    private static func seconds(_ value: Double?) -> String {
        value.map { String(format: "%.3f s", $0) } ?? "—"
    }

    /// "354 MB" (10⁶ bytes), or "—".
    private static func megabytes(_ value: Double?) -> String {
        value.map { String(format: "%.0f MB", $0 / 1e6) } ?? "—"
    }
}
