import Testing

@testable import DirectoryCore

@Suite("DateText: instants far from 2001")
struct FarDateTests {
    /// Seconds in `count` 400-year Gregorian cycles, each exactly 146,097 days.
    static func cycles(_ count: Double) -> Double { count * 146_097 * 86_400 }

    @Test("10^15 s and beyond show the real year, before and after 2001")
    func farYears() {
        #expect(Self.cycles(80_000) >= 1e15)
        #expect(DateText.localDate(Self.cycles(80_000), utcOffset: 0) == "32002001-01-01")
        #expect(DateText.iso8601(Self.cycles(80_000) + 3_661) == "32002001-01-01T01:01:01Z")
        #expect(DateText.localDate(-Self.cycles(80_000), utcOffset: 0) == "-31997999-01-01")
        #expect(DateText.localDate(Self.cycles(1_000_000_000), utcOffset: 0) == "400000002001-01-01")
    }

    @Test("an instant past any calendar shows its seconds, never a wrong date")
    func beyondTheCalendar() {
        #expect(DateText.localDate(1e300, utcOffset: 0) == "1e+300 s from 2001")
        #expect(DateText.iso8601(-.infinity) == "-inf s from 2001")
        let cell = FieldText(kind: .bucket, utcOffset: { _ in 0 }).cell(.date(1e21), field: 2)
        #expect(cell == "✓ 1e+21 s from 2001")
    }

    @Test("an instant outside the years 0 to 9999 is written as its seconds, and read back exactly")
    func exactTextReadsBack() throws {
        for seconds in [1e300, -1e300, .infinity, Self.cycles(80_000) + 0.25, -Self.cycles(80_000), 799_329_600.5] {
            let text = DateText.exact(seconds)
            #expect(try DateText.read(text, now: 0, utcOffset: { _ in 0 }) == seconds, "\(text)")
        }
        #expect(DateText.exact(799_329_600) == "2026-05-01T12:00:00Z")
        #expect(DateText.exact(1e300) == "1e+300 s from 2001")
    }
}
