/// One command the benchmark measures: ours or a reference tool doing the same work.
final class Contender: Measured {
    /// A short name for tables ("directory", "python json").
    let label: String
    /// What the command works on, for the table of all commands.
    let work: String
    /// The command.
    let invocation: Invocation
    /// Whether this is `directory` itself (whose failures fail the benchmark).
    let isOurs: Bool
    /// Puts the command's input file back in place before each run.
    let prepare: () throws -> Void
    /// How many times each round runs it: more than once for the rows against the floor,
    /// whose disk makes about one run in four several times slower, so that their medians
    /// are not decided by two slow runs out of three.
    let timesPerRound: Int
    /// The runs so far.
    private(set) var samples: [Invocation.Sample] = []
    /// Why it is not measured (the tool is missing or failed), if it is not.
    var skipped: String?

    /// Creates a contender, run `timesPerRound` times in each round.
    init(
        label: String, work: String, invocation: Invocation, isOurs: Bool, timesPerRound: Int = 1,
        prepare: @escaping () throws -> Void
    ) {
        self.label = label
        self.work = work
        self.invocation = invocation
        self.isOurs = isOurs
        self.timesPerRound = timesPerRound
        self.prepare = prepare
    }

    /// The label of `directory-floor`'s rows: the I/O of a save and nothing else.
    static let floorLabel = "floor (read, write, fsync, rename)"

    /// The label of `directory-bound`'s row: the floor and the least parse that keeps the list.
    static let boundLabel = "least parse (the floor, and the records found, checked and kept)"

    /// The label of `json-bound`'s row: the floor and simdjson's least parse that keeps the list.
    static let jsonBoundLabel = "least parse with simdjson (the floor, and the records parsed and kept)"

    /// The same command run by the `directory` executable at `program`, labelled "directory before".
    func twin(running program: String) -> Contender {
        var invocation = invocation
        invocation.program = program
        return Contender(
            label: "directory before", work: work, invocation: invocation, isOurs: false, timesPerRound: timesPerRound,
            prepare: prepare)
    }

    /// Prepares and runs the command `timesPerRound` times, unless it is skipped; a failed
    /// run skips it from then on.
    func measure() throws {
        for _ in 0..<timesPerRound {
            guard skipped == nil else { return }
            try prepare()
            let sample = invocation.run()
            guard sample.status == 0 else {
                let detail = sample.errors.split(separator: "\n").last.map(String.init) ?? ""
                skipped = "failed (exit \(sample.status))" + (detail.isEmpty ? "" : ": " + detail)
                return
            }
            samples.append(sample)
        }
    }

    /// The wall time of every run so far, in seconds.
    var times: [Double] { samples.map(\.seconds) }

    /// The median peak memory in bytes, if measured.
    var peakBytes: Double? { Self.median(samples.map { Double($0.peakBytes) }) }

    /// The middle value (the mean of the two middle ones for an even count).
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
