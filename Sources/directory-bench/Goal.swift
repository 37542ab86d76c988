/// One goal of issue 5: our time (or memory) over a reference's, at most `limit`.
struct Goal {
    /// What is measured.
    enum Metric {
        /// Median wall time.
        case time
        /// Median peak resident memory.
        case memory
    }

    /// The work, as the issue words it.
    let work: String
    /// Our command.
    let ours: Contender
    /// What it is compared with (for growth: our own command on the small file).
    let reference: Contender
    /// Time or memory.
    let metric: Metric
    /// The highest ratio that meets the goal.
    let limit: Double

    /// Our figure over the reference's, when both were measured.
    var ratio: Double? {
        guard let mine = value(of: ours), let theirs = value(of: reference), theirs > 0 else { return nil }
        return mine / theirs
    }

    /// "PASS", "MISS", or why there is no verdict.
    var verdict: String {
        if let reason = ours.skipped { return "ERROR: directory " + reason }
        if let reason = reference.skipped { return "skipped: \(reference.label) " + reason }
        guard let ratio else { return "—" }
        return ratio <= limit ? "PASS" : "MISS"
    }

    /// The median time or memory of `contender`.
    func value(of contender: Contender) -> Double? {
        switch metric {
        case .time: return contender.seconds
        case .memory: return contender.peakBytes
        }
    }
}
