import Foundation

/// How a reader may split a large file's records into runs read at the same time, each on
/// a thread of its own and into a builder of its own, the builders then joined in order.
///
/// A run costs a thread's start, fresh caches and a builder, and the join copies its rows:
/// below `minimumRecords` records a run, one thread is faster.
struct RecordReadSplit: Sendable {
    /// The most runs.
    let parts: Int
    /// The fewest records a run may hold.
    let minimumRecords: Int

    /// One thread, whatever the file.
    static let oneThread = RecordReadSplit(parts: 1, minimumRecords: Int.max)

    /// The most runs `automatic` makes, whatever the number of cores: each run adds its
    /// caches' misses and its share of the join, and memory bandwidth is shared.
    static let mostParts = 8

    /// The fewest records a run of `automatic` holds (measured: below about 2 × this, the
    /// threads' start and the join cost more than the second core saves).
    static let automaticMinimumRecords = 20_000

    /// One run per active core (at most `mostParts`), of at least `automaticMinimumRecords`.
    static var automatic: RecordReadSplit {
        RecordReadSplit(
            parts: min(ProcessInfo.processInfo.activeProcessorCount, mostParts),
            minimumRecords: automaticMinimumRecords)
    }

    /// The runs `records` is read in, in order and covering it: as many as `parts` and
    /// `minimumRecords` allow, of sizes within one of each other; one run when too few.
    func runs(of records: Range<Int>) -> [Range<Int>] {
        let count = records.count
        let runs = min(parts, count / max(minimumRecords, 1))
        guard runs > 1 else { return [records] }
        return (0..<runs).map { run in
            (records.lowerBound + count * run / runs)..<(records.lowerBound + count * (run + 1) / runs)
        }
    }
}
