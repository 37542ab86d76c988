/// Something the benchmark measured for a goal: a command it ran (`Contender`) or work it
/// timed in its own process (`PromptTiming`).
protocol Measured: AnyObject {
    /// A short name for tables ("directory", "msgspec").
    var label: String { get }
    /// What was measured, for the tables.
    var work: String { get }
    /// Why it was not measured, if it was not.
    var skipped: String? { get }
    /// The wall time of every run so far, in seconds.
    var times: [Double] { get }
    /// The median peak memory in bytes, if measured (`nil` for work timed in-process).
    var peakBytes: Double? { get }
}

extension Measured {
    /// The median wall time in seconds, if measured.
    var seconds: Double? { Contender.median(times) }

    /// The fastest and slowest run, if measured.
    var range: (Double, Double)? {
        guard let low = times.min(), let high = times.max() else { return nil }
        return (low, high)
    }

    /// The median of `metric`, if measured.
    func value(of metric: Goal.Metric) -> Double? {
        switch metric {
        case .time: return seconds
        case .memory: return peakBytes
        }
    }
}
