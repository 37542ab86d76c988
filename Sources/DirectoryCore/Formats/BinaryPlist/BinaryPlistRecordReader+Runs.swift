import Dispatch
import Synchronization

extension BinaryPlistRecordReader {
    /// What one run of records came to.
    private struct RunOutcome: Sendable {
        /// The run's records, when it read them all.
        var builder: RecordBuilder?
        /// The first error of the run, in file order.
        var error: FileFormatError?
        /// The values the run counted against the budget (up to its error).
        var spent = 0
        /// The object of the run's first `id` key, or -1.
        var firstIDKey = -1
        /// Whether two of the run's records had different `id` key objects.
        var keysRepeat = false
        /// The run's proof that its records are in the writer's layout.
        var proof = BinaryPlistLayoutProof.none
    }

    /// Reads `runs` of the top array, each on a thread of its own, into `builder`, which
    /// holds the records `first` read before them (at least the first, which decided the
    /// kind). Returns `false` when the joined runs might not be what one thread reads: the
    /// values counted against the budget exceed it, or a run kept a record whole that a
    /// longer table could have held (`RecordBuilder.append(contentsOf:)`); `builder` is then
    /// left to be restarted.
    ///
    /// Each record reads the same in any run (see `BinaryPlistRecordScan`), so the first
    /// run that failed throws what one thread would throw first, once the budget is known
    /// not to have run out before it.
    static func readInRuns(
        _ runs: [Range<Int>], table: BinaryPlistObjectTable, after first: borrowing BinaryPlistRecordScan,
        proof: BinaryPlistLayoutProof, proofs: inout [BinaryPlistLayoutProof], into builder: inout RecordBuilder
    ) throws(FileFormatError) -> Bool {
        guard let kind = builder.kind else { return false }
        let top = first.top
        let sizeHint = builder.sizeHint
        let fallback = builder.fallback
        let readsWritersRecords = first.readsWritersRecords
        // The builder moves to the first run's thread; left here, it would be shared, and
        // the run's first append would copy its arrays.
        let handed = Mutex<RecordBuilder?>(builder)
        builder = RecordBuilder(kind: kind, fallback: fallback)
        let outcomes = Mutex<[RunOutcome]>(Array(repeating: RunOutcome(), count: runs.count))
        DispatchQueue.concurrentPerform(iterations: runs.count) { run in
            let slots = runs[run]
            let handedBuilder = run == 0 ? handed.withLock { $0.take() } : nil
            var runBuilder =
                handedBuilder
                ?? RecordBuilder(
                    kind: kind, fallback: fallback, sizeHint: sizeHint / top.count * slots.count * 5 / 4,
                    recordsBefore: slots.lowerBound)
            var outcome = RunOutcome()
            do throws(FileFormatError) {
                var scan = try BinaryPlistRecordScan(table: table, top: top)
                scan.proof = proof
                scan.readsWritersRecords = readsWritersRecords
                defer {
                    outcome.spent = scan.spent
                    outcome.firstIDKey = scan.firstIDKey
                    outcome.keysRepeat = scan.keysRepeat
                    outcome.proof = scan.proof
                }
                try scan.read(slots, into: &runBuilder)
                outcome.builder = runBuilder
            } catch {
                outcome.error = error
            }
            let finished = outcome
            outcomes.withLock { $0[run] = finished }
        }
        // Taken out, not copied: a builder held twice would copy its arrays when joined.
        var results = outcomes.withLock { all in
            defer { all = [] }
            return all
        }
        var spent = first.spent
        var firstIDKey = first.firstIDKey
        var keysRepeat = first.keysRepeat
        var joined: RecordBuilder?
        // The runs joined into the first are freed on another thread: tens of megabytes of
        // arrays handed back to the kernel, while this one goes on with the list.
        var consumed: [RecordBuilder] = []
        defer {
            if !consumed.isEmpty {
                let freed = consumed
                consumed = []
                DispatchQueue.global(qos: .utility).async { withExtendedLifetime(freed) {} }
            }
        }
        for index in results.indices {
            spent += results[index].spent
            guard spent <= first.startingBudget else { return false }
            if let error = results[index].error { throw error }
            let runIDKey = results[index].firstIDKey
            if firstIDKey < 0 { firstIDKey = runIDKey }
            if results[index].keysRepeat || (runIDKey >= 0 && runIDKey != firstIDKey) { keysRepeat = true }
            guard let records = results[index].builder.take() else { return false }
            proofs.append(results[index].proof)
            if joined == nil {
                joined = records
            } else if joined?.append(contentsOf: records) != true {
                return false
            } else {
                consumed.append(records)
            }
        }
        guard var joined else { return false }
        if keysRepeat { joined.plistObjectSharing = .unshared }
        builder = joined
        return true
    }
}
