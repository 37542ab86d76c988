import Foundation
import Testing

@testable import DirectoryCore

/// Local times the clocks skip or repeat (daylight saving, a zone that moved across the date
/// line), read as Foundation's calendar reads them: the apps and every other tool agree then.
@Suite("Dates: local times in a daylight-saving gap")
struct DateTextGapTests {
    /// Seconds east of UTC in `zone` at an instant (seconds since 2001), as the program's zone.
    static func offsets(_ zone: TimeZone) -> (Double) -> Int {
        { zone.secondsFromGMT(for: Date(timeIntervalSinceReferenceDate: $0)) }
    }

    /// What Foundation's Gregorian calendar in `zone` makes of `text` (`YYYY-MM-DDTHH:MM`).
    static func foundation(_ text: String, in zone: TimeZone) throws -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let numbers = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        let components = DateComponents(
            year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4])
        return try #require(calendar.date(from: components)).timeIntervalSinceReferenceDate
    }

    @Test(
        "a skipped local time moves on past the gap, as Foundation reads it; other times are unchanged",
        arguments: [
            ("America/Los_Angeles", "2026-03-08T02:30"), ("America/Los_Angeles", "2026-03-08T02:00"),
            ("America/Los_Angeles", "2026-03-08T01:59"), ("America/Los_Angeles", "2026-03-08T03:00"),
            ("Europe/Berlin", "2026-03-29T02:15"), ("Australia/Lord_Howe", "2026-10-04T02:10"),
            ("Pacific/Apia", "2011-12-30T12:00"), ("America/Los_Angeles", "2026-07-01T12:00"),
        ])
    func skippedTimes(zoneName: String, text: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let read = try #require(try DateText.read(text, now: 0, utcOffset: Self.offsets(zone)))
        #expect(read == (try Self.foundation(text, in: zone)), "\(zoneName) \(text)")
    }

    @Test("2026-03-08 02:30 in Los Angeles is 10:30 UTC (03:30 PDT), not 01:30 PST")
    func losAngelesGap() throws {
        let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let read = try #require(try DateText.read("2026-03-08T02:30", now: 0, utcOffset: Self.offsets(zone)))
        #expect(DateText.iso8601(read) == "2026-03-08T10:30:00Z")
        let repeated = try #require(try DateText.read("2026-11-01T01:30", now: 0, utcOffset: Self.offsets(zone)))
        #expect(DateText.iso8601(repeated) == "2026-11-01T08:30:00Z")
    }
}

@Suite("Dates: a day that does not exist")
struct DateTextMissingDayTests {
    @Test("a date in the form YYYY-MM-DD that does not exist says why, for set and for done")
    func missingDaysSayWhy() {
        #expect(InvalidDate(text: "2026-02-29").reason == "February 2026 has 28 days")
        #expect(InvalidDate(text: "2028-02-30").reason == "February 2028 has 29 days")
        #expect(InvalidDate(text: "2026-04-31T10:00").reason == "April 2026 has 30 days")
        #expect(InvalidDate(text: "2026-13-01").reason == "there is no month 13")
        #expect(InvalidDate(text: "someday").reason == nil)
        #expect(
            InvalidDate(text: "2026-02-29").message.hasPrefix("'2026-02-29' is not a date: February 2026 has 28 days; ")
        )
        #expect(
            SessionError.invalidDoneDate("2026-02-29").message.hasPrefix(
                "'2026-02-29' is not a date for done: February"))
    }
}
