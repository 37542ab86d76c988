/// Work timed in the benchmark's own process, such as one `find` applied to an open
/// session: its times over the runs, with no memory figure.
final class PromptTiming: Measured {
    /// Who did the work, for tables.
    let label = "directory"
    /// What was timed ("find Krebsbach at the prompt").
    let work: String
    /// The times so far, in seconds.
    private(set) var times: [Double] = []
    /// Why it was not timed, if it was not.
    var skipped: String?

    /// A timing of `work`, empty.
    init(work: String) { self.work = work }

    /// Runs `body` once and adds its wall time, read from `ContinuousClock`.
    func time<Result>(_ body: () throws -> Result) rethrows -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        let elapsed = start.duration(to: clock.now).components
        times.append(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        return result
    }

    /// Not measured in-process: the benchmark's own memory is not the work's.
    var peakBytes: Double? { nil }
}
