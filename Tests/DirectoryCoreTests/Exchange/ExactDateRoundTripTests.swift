import Testing

@testable import DirectoryCore

@Suite("Import and export: dates re-import to the same Double")
struct ExactDateRoundTripTests {
    /// Random instants: any Double from year 0 to 9999, some within a day of 2001, and
    /// whole milliseconds (which the apps' clocks often give). A fixed seed, so a failure repeats.
    static func instants(count: Int) -> [Double] {
        var generator = SeededGenerator(state: 0x5EED_DA7E)
        var result: [Double] = []
        for index in 0..<count {
            switch index % 4 {
            case 0: result.append(Double.random(in: -63_113_904_000...252_423_993_599, using: &generator))
            case 1: result.append(Double.random(in: -86_400...86_400, using: &generator))
            case 2: result.append(Double.random(in: 0...1_000_000_000, using: &generator))
            default: result.append(Double(Int.random(in: 0...1_000_000_000_000, using: &generator)) / 1000)
            }
        }
        return result
    }

    @Test("the date the trial lost re-imports exactly, with the digits that takes")
    func trialDate() throws {
        #expect(DateText.exact(800_000_000.1234568) == "2026-05-09T06:13:20.1234568Z")
        #expect(DateText.exact(799_286_400.5) == "2026-05-01T00:00:00.5Z")
        #expect(DateText.exact(799_329_600) == "2026-05-01T12:00:00Z")
        #expect(try DateText.read("2026-05-09T06:13:20.1234568Z", now: 0, utcOffset: { _ in 0 }) == 800_000_000.1234568)
    }

    @Test("every instant written by exact reads back as the same Double, in ISO 8601 where it can be")
    func randomInstantsReadBack() throws {
        for seconds in Self.instants(count: 20_000) {
            let text = DateText.exact(seconds)
            let back = try DateText.read(text, now: 0, utcOffset: { _ in 0 })
            #expect(back == seconds, "\(seconds) was written \(text) and read back as \(String(describing: back))")
            if seconds.magnitude >= 1 { #expect(text.hasSuffix("Z"), "\(seconds) as \(text)") }
        }
    }

    @Test("a bucket list's dates survive a CSV export and import")
    func csvRoundTrip() throws {
        let items = Self.instants(count: 400).enumerated().map { index, seconds in
            Record(
                id: RecordID(high: 3, low: UInt64(index + 1)),
                values: [.text("Item \(index)"), .text(""), .date(seconds)])
        }
        let bytes = try RecordExchange.write(RecordList(items), format: .csv, kind: .bucket, options: .init())
        let result = try RecordExchange.read(
            bytes, format: .csv, kind: .bucket, options: .init(), environment: .fixed())
        #expect(result.rejected.isEmpty)
        #expect(result.records == items)
    }
}
