import Foundation
import Testing

@testable import DirectoryCore

@Suite("Dates")
struct DateTextTests {
    @Test("civil dates convert both ways, matching Foundation's Gregorian calendar")
    func civilDatesMatchFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        // Foundation's calendar is Julian before 1582; ISO 8601 (and this code) is proleptic Gregorian.
        for (year, month, day) in [
            (2001, 1, 1), (1970, 1, 1), (2000, 2, 29), (2026, 12, 31), (1600, 3, 1), (9999, 12, 31),
        ] {
            let days = DateText.daysFromCivil(year, month, day)
            let components = DateComponents(year: year, month: month, day: day)
            let expected = calendar.date(from: components).map { Int(($0.timeIntervalSince1970 / 86_400).rounded()) }
            #expect(days == expected)
            if let days { #expect(DateText.civilFromDays(days) == (year, month, day)) }
        }
        #expect(DateText.daysFromCivil(2026, 2, 29) == nil)
        #expect(DateText.daysFromCivil(2026, 13, 1) == nil)
    }

    @Test("distantPast is Foundation's, and reads as no date")
    func distantPast() {
        #expect(Date.distantPast.timeIntervalSinceReferenceDate == ListKind.distantPast)
        // 0001-01-01 in the Julian calendar is 0000-12-30 in ISO 8601's proleptic Gregorian one.
        #expect(DateText.iso8601(ListKind.distantPast) == "0000-12-30T00:00:00Z")
        #expect(FieldText(kind: .bucket, utcOffset: { _ in 0 }).quoted(.date(ListKind.distantPast)) == "none")
        for day in [(1, 1, 1), (1, 12, 31), (1582, 10, 15)] {
            if let days = DateText.daysFromCivil(day.0, day.1, day.2) {
                #expect(DateText.civilFromDays(days) == day)
            }
        }
    }

    @Test("ISO forms parse; a local date uses the time zone offset")
    func parsesISOForms() {
        func parse(_ text: String, offset: Int = 0) -> Double? {
            try? DateText.read(text, now: 5, utcOffset: { _ in offset })
        }
        #expect(parse("2001-01-01") == 43_200)  // a date alone is 12:00 UTC, in every zone
        #expect(parse("2001-01-01", offset: 9 * 3600) == 43_200)
        #expect(parse("2001-01-01", offset: 11 * 3600) == 43_200)
        #expect(parse("2001-01-01", offset: -12 * 3600) == 43_200)
        #expect(parse("2001-01-01T00:00") == 0)
        #expect(parse("2001-01-01T00:00:01Z") == 1)
        #expect(parse("2001-01-01 01:00") == 3600)
        #expect(parse("2001-01-01T02:00:00+02:00") == 0)
        #expect(parse("2001-01-01T00:00:00.25Z") == 0.25)
        #expect(parse("2001-01-01T00:00", offset: 3600) == -3600)
        #expect(parse("today") == 5)
        for bad in ["2001-1-1", "2001-01-01T25:00", "01/02/2003", "", "2001-01-01T00:00:00Zjunk", "20011-01-01"] {
            #expect(throws: InvalidDate(text: bad)) { try DateText.read(bad, now: 0, utcOffset: { _ in 0 }) }
        }
    }

    @Test("a date alone typed where 12:00 UTC is another date (UTC+12 to +14) is noon there, shown as typed")
    func dateAloneWhereNoonUTCIsTomorrow() throws {
        let noonUTC = try #require(try DateText.read("2026-01-15T12:00Z", now: 0, utcOffset: { _ in 0 }))
        for hours in [12, 13, 14] {
            let offset = hours * 3600
            let seconds = try #require(try DateText.read("2026-01-15", now: 0, utcOffset: { _ in offset }))
            #expect(DateText.localDate(seconds, utcOffset: offset) == "2026-01-15", "UTC+\(hours)")
            #expect(seconds == noonUTC - Double(offset), "UTC+\(hours)")
        }
    }

    @Test("text that is no date gets the message the session gives it")
    func invalidDateMessage() {
        #expect(InvalidDate(text: "soon").message == SessionError.invalidDate("soon").message)
    }

    @Test("a date formats in local time")
    func localDate() {
        #expect(DateText.localDate(0, utcOffset: 0) == "2001-01-01")
        #expect(DateText.localDate(0, utcOffset: -3600) == "2000-12-31")
        #expect(DateText.iso8601(695_989_800.5) == "2023-01-21T10:30:00.500Z")
    }
}
