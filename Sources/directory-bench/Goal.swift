/// One goal of an issue: our time or peak memory, over a reference's figure or on its
/// own, at most `limit`.
struct Goal {
    /// What is measured.
    enum Metric {
        /// Median wall time.
        case time
        /// Median peak resident memory.
        case memory
    }

    /// What our figure is compared with.
    enum Reference {
        /// The best (fastest, or smallest) of these commands that were measured; usually one.
        case commands([Contender])
        /// A fixed figure in the metric's unit, such as a file's size in bytes.
        case constant(label: String, value: Double)
        /// Nothing: `limit` is in the metric's unit (seconds, bytes), not a ratio.
        case absolute

        /// One command.
        static func command(_ contender: Contender) -> Reference { .commands([contender]) }
    }

    /// The work, as the issue words it.
    let work: String
    /// Our command, or our work timed in-process.
    let ours: any Measured
    /// What it is compared with (for growth: our own command on the small file).
    let reference: Reference
    /// Time or memory.
    let metric: Metric
    /// The highest ratio (or, for an absolute goal, the highest figure) that meets the goal.
    let limit: Double

    /// The reference command our figure is compared with: the best one measured, else the first.
    var referenceCommand: Contender? {
        guard case .commands(let contenders) = reference else { return nil }
        let measured = contenders.filter { $0.skipped == nil && $0.value(of: metric) != nil }
        return measured.min { ($0.value(of: metric) ?? 0) < ($1.value(of: metric) ?? 0) } ?? contenders.first
    }

    /// The reference's figure, when there is one and it was measured.
    var referenceValue: Double? {
        switch reference {
        case .commands: return referenceCommand?.value(of: metric)
        case .constant(_, let value): return value
        case .absolute: return nil
        }
    }

    /// Our figure over the reference's, when both were measured (`nil` for an absolute goal).
    var ratio: Double? {
        guard let mine = ours.value(of: metric), let theirs = referenceValue, theirs > 0 else { return nil }
        return mine / theirs
    }

    /// "PASS", "MISS", or why there is no verdict.
    var verdict: String {
        if let reason = ours.skipped {
            // A reference program in our place (the least parse) is skipped, as references are.
            if let command = ours as? Contender, !command.isOurs { return "skipped: \(command.label) " + reason }
            return "ERROR: directory " + reason
        }
        if case .commands(let contenders) = reference, let skipped = skippedReferences(contenders) {
            return "skipped: " + skipped
        }
        let figure: Double?
        if case .absolute = reference { figure = ours.value(of: metric) } else { figure = ratio }
        guard let figure else { return "—" }
        return figure <= limit ? "PASS" : "MISS"
    }

    /// Why none of `contenders` was measured, or `nil` when one was.
    private func skippedReferences(_ contenders: [Contender]) -> String? {
        guard contenders.allSatisfy({ $0.skipped != nil }) else { return nil }
        return contenders.map { "\($0.label) " + ($0.skipped ?? "") }.joined(separator: "; ")
    }
}
