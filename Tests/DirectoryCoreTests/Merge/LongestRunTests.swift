import Testing

@testable import DirectoryCore

/// The longest increasing run that keeps what it is asked to prefer, against the plain one.
@Suite("OrderMerge: the longest increasing run")
struct LongestRunTests {
    @Test("random orders: as long as the plain run, increasing, and keeping at least as many preferred offsets")
    func preferredRunIsALongestRun() {
        var generator = SystemRandomNumberGenerator()
        for size in [0, 1, 2, 5, 20, 200] {
            for _ in 0..<50 {
                let values = Array(0..<size).shuffled(using: &generator)
                let preferred = Set((0..<size).filter { _ in Bool.random(using: &generator) })
                let plain = OrderMerge.longestIncreasingRun(values)
                let run = OrderMerge.longestIncreasingRun(values) { preferred.contains($0) }
                #expect(run.count == plain.count)
                let offsets = run.sorted()
                #expect(zip(offsets, offsets.dropFirst()).allSatisfy { values[$0.0] < values[$0.1] })
                #expect(run.intersection(preferred).count >= plain.intersection(preferred).count)
            }
        }
    }

    @Test("of the longest runs, the one through the preferred offsets")
    func tieGoesToThePreferred() {
        // P1 P4 P3 P2 P5 P6: three runs of four; only P1 P3 P5 P6 keeps every record at its number.
        let values = [0, 3, 2, 1, 4, 5]
        #expect(OrderMerge.longestIncreasingRun(values) { values[$0] == $0 } == [0, 2, 4, 5])
    }
}
