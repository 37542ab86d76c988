/// Reads and writes the dates people type and see: `2026-05-01`,
/// `2026-05-01T14:30:00Z`, `today`. Dates are seconds since 2001-01-01T00:00:00Z,
/// as in the apps' files; the arithmetic is done here, without a calendar object,
/// because it runs for every row of a listing.
public enum DateText {
    /// Days from 1970-01-01 to 2001-01-01.
    static let referenceDay = 11_323

    /// Reads the date in `text`; `now` answers `today`, `utcOffset` gives the local zone for
    /// times without one. `none` gives `nil` meaning "no date". A date without a time
    /// is 12:00 UTC of that day, which every zone from UTC−11 to UTC+11 (and the apps)
    /// shows as the same calendar date; where the local zone shows 12:00 UTC as another
    /// date (UTC+12 to UTC+14), it is 12:00 local time of that day, so that the date typed
    /// is the date shown there.
    /// Throws `InvalidDate` for text that is no date.
    public static func read(_ text: String, now: Double, utcOffset: (Double) -> Int) throws(InvalidDate) -> Double? {
        let lowered = text.lowercased()
        if lowered == "today" || lowered == "now" { return now }
        if lowered.hasSuffix(Self.secondsSuffix), let seconds = Double(text.dropLast(Self.secondsSuffix.count)) {
            return seconds
        }
        if lowered == "none" || lowered == "never" { return nil }
        guard let parts = ISODateParts(text), let days = daysFromCivil(parts.year, parts.month, parts.day) else {
            throw InvalidDate(text: text)
        }
        guard parts.hasTime else {
            let noon = Double(days - referenceDay) * 86_400 + 43_200
            let offset = utcOffset(noon)
            guard split(noon + Double(offset)).days != days else { return noon }
            return noon - Double(utcOffset(noon - Double(offset)))
        }
        let wholeLocal = (days - referenceDay) * 86_400 + parts.wholeSecondsIntoDay
        if let zone = parts.zoneOffset { return readBack(whole: wholeLocal - zone, fraction: parts.fractionDigits) }
        let local = readBack(whole: wholeLocal, fraction: parts.fractionDigits)
        let first = local - Double(utcOffset(local - Double(utcOffset(local))))
        let shown = Double(utcOffset(first))
        guard first + shown != local else { return first }
        // A time the clocks skipped (a daylight-saving gap): read with the offset before the
        // change, so the clock moves on past the gap, as Foundation's calendar and Python's
        // zoneinfo read it (`2026-03-08 02:30` in Los Angeles is 03:30 PDT). Of the two
        // readings, that is the later instant.
        return max(first, local - shown)
    }

    /// The local calendar date of `seconds`, `YYYY-MM-DD`.
    public static func localDate(_ seconds: Double, utcOffset: Int) -> String {
        if let text = beyondCalendar(seconds) { return text }
        let (days, _) = split(seconds + Double(utcOffset))
        let (year, month, day) = civilFromDays(days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    /// The exact instant in ISO 8601 UTC, with fractional seconds when there are any.
    public static func iso8601(_ seconds: Double) -> String {
        if let text = beyondCalendar(seconds) { return text }
        let (days, secondOfDay) = split(seconds)
        let (year, month, day) = civilFromDays(days)
        let whole = Int(secondOfDay)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(whole / 3600, 2) + ":" + pad(whole / 60 % 60, 2) + ":" + pad(whole % 60, 2)
        let fraction = secondOfDay - Double(whole)
        if fraction > 0 {
            let millis = Int((fraction * 1000).rounded())
            if millis > 0 && millis < 1000 { text += "." + pad(millis, 3) }
        }
        return text + "Z"
    }

    /// The largest distance from 2001 shown as a date, in seconds: about 3 × 10^12 years,
    /// far past any real date, and well inside what the day arithmetic holds in an `Int`.
    static let calendarLimit = 1e20

    /// The text for an instant too far from 2001 to show as a date (a file may hold any
    /// number): the seconds themselves, never a wrong date.
    private static func beyondCalendar(_ seconds: Double) -> String? {
        guard !seconds.isFinite || abs(seconds) >= calendarLimit else { return nil }
        return "\(seconds)" + secondsSuffix
    }

    /// How an instant is written to be read back by `read` as the same `Double`: ISO 8601 in UTC
    /// for the years 0 to 9999 (which `read` parses), with as many fractional digits as that takes
    /// (`exactISO8601`), else its exact seconds (`1e+300 s from 2001`).
    public static func exact(_ seconds: Double) -> String {
        guard let text = beyondCalendar(seconds) else {
            let year = civilFromDays(split(seconds).days).year
            guard (0...9999).contains(year), let text = exactISO8601(seconds) else {
                return "\(seconds)" + secondsSuffix
            }
            return text
        }
        return text
    }

    /// What follows the seconds of an instant written as seconds.
    static let secondsSuffix = " s from 2001"

    /// Whole days since 1970 and the seconds into that day, for seconds since 2001.
    static func split(_ seconds: Double) -> (days: Int, secondOfDay: Double) {
        guard seconds.isFinite, abs(seconds) < calendarLimit else { return (referenceDay, 0) }
        let dayCount = (seconds / 86_400).rounded(.down)
        return (Int(dayCount) + referenceDay, seconds - dayCount * 86_400)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date, or `nil` when the date does not exist.
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int? {
        guard (1...12).contains(month), day >= 1, (0...9999).contains(year) else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= lengths[month - 1] else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
