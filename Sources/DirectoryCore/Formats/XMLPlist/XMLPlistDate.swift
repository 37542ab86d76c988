/// The text of an XML property list `<date>`, `2001-01-01T00:00:00Z`, converted
/// to and from seconds since 2001-01-01T00:00:00Z with civil-date arithmetic.
///
/// Like `PropertyListEncoder` and `PropertyListDecoder`, dates before the
/// Gregorian reform (1582-10-15) use the Julian calendar, so `Date.distantPast`
/// is `0001-01-01T00:00:00Z` and reads back exactly. (`PropertyListSerialization`
/// and Python's `plistlib` use the Gregorian calendar throughout, so they read
/// such early dates up to ten days apart; every later date agrees everywhere.)
/// Years before 1 are astronomical (year 0 is 1 BC, written `0000`); Foundation
/// does not read those back consistently.
enum XMLPlistDate {
    /// The Julian day number of 2001-01-01.
    private static let referenceDay: Int64 = 2_451_911
    /// The Julian day number of 1582-10-15, the first Gregorian day.
    private static let gregorianReform: Int64 = 2_299_161
    /// The largest magnitude of seconds written; it keeps years within nine digits.
    static let limit: Double = 3.0e16

    /// Parses `[-]YYYY-MM-DDTHH:MM:SSZ` (four to nine year digits), or returns
    /// `nil` if the text is not such a date or names a day that does not exist.
    static func parse(_ bytes: Span<UInt8>) -> Double? {
        var index = 0
        let negative = bytes.count > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var year: Int64 = 0
        let yearStart = index
        while index < bytes.count, let digit = digit(bytes[index]) {
            year = year * 10 + digit
            index += 1
            guard index - yearStart <= 9 else { return nil }
        }
        guard index - yearStart >= 4 else { return nil }
        if negative { year = -year }
        // The rest has a fixed layout: -MM-DDTHH:MM:SSZ.
        guard bytes.count - index == 16 else { return nil }
        guard bytes[index] == UInt8(ascii: "-"), bytes[index + 3] == UInt8(ascii: "-"),
            bytes[index + 6] == UInt8(ascii: "T"), bytes[index + 9] == UInt8(ascii: ":"),
            bytes[index + 12] == UInt8(ascii: ":"), bytes[index + 15] == UInt8(ascii: "Z")
        else { return nil }
        guard let month = field(bytes, index + 1), let day = field(bytes, index + 4),
            let hour = field(bytes, index + 7), let minute = field(bytes, index + 10),
            let second = field(bytes, index + 13)
        else { return nil }
        guard (1...12).contains(month), hour < 24, minute < 60, second < 60 else { return nil }
        let gregorian = (year, month, day) >= (1582, 10, 15)
        guard day >= 1, day <= daysIn(month: month, year: year, gregorian: gregorian) else { return nil }
        let julianDay = dayNumber(year: year, month: month, day: day, gregorian: gregorian)
        let seconds = (julianDay - referenceDay) * 86_400 + hour * 3_600 + minute * 60 + second
        return Double(seconds)
    }

    /// Appends the date `seconds` after 2001 in whole seconds (the fraction is
    /// dropped, rounding down, as Foundation does). Values beyond ±`limit` are
    /// clamped and NaN is written as the reference date, since a writer cannot fail.
    static func append(_ seconds: Double, to output: inout [UInt8]) {
        let clamped = seconds.isNaN ? 0 : min(max(seconds, -limit), limit)
        var whole = Int64(clamped)  // toward zero; then down for negative fractions
        if Double(whole) > clamped { whole -= 1 }
        let days = floorDivide(whole, 86_400)
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = civil(julianDay: days + referenceDay)
        output.append(addingCapacity: 32) { text in
            if year < 0 { text.append(UInt8(ascii: "-")) }
            put(year.magnitude, width: 4, to: &text)
            text.append(UInt8(ascii: "-"))
            put(UInt64(month), width: 2, to: &text)
            text.append(UInt8(ascii: "-"))
            put(UInt64(day), width: 2, to: &text)
            text.append(UInt8(ascii: "T"))
            put(UInt64(secondOfDay / 3_600), width: 2, to: &text)
            text.append(UInt8(ascii: ":"))
            put(UInt64(secondOfDay / 60 % 60), width: 2, to: &text)
            text.append(UInt8(ascii: ":"))
            put(UInt64(secondOfDay % 60), width: 2, to: &text)
            text.append(UInt8(ascii: "Z"))
        }
    }

    /// Appends the decimal digits of `value`, zero-padded to `width`.
    private static func put(_ value: UInt64, width: Int, to text: inout OutputSpan<UInt8>) {
        var divisor: UInt64 = 1
        var digits = 1
        while value / divisor >= 10 {
            divisor *= 10
            digits += 1
        }
        for _ in digits..<max(width, digits) { text.append(UInt8(ascii: "0")) }
        var rest = value
        while divisor > 0 {
            text.append(UInt8(ascii: "0") &+ UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The Julian day number of a civil date in the Gregorian or Julian calendar.
    private static func dayNumber(year: Int64, month: Int64, day: Int64, gregorian: Bool) -> Int64 {
        let shift: Int64 = month <= 2 ? 1 : 0
        let y = year + 4_800 - shift
        let m = month + 12 * shift - 3
        var number = day + (153 * m + 2) / 5 + 365 * y + floorDivide(y, 4)
        if gregorian {
            number += -floorDivide(y, 100) + floorDivide(y, 400) - 32_045
        } else {
            number -= 32_083
        }
        return number
    }

    /// The civil date of a Julian day number: Gregorian from 1582-10-15, Julian before.
    private static func civil(julianDay: Int64) -> (year: Int64, month: Int64, day: Int64) {
        var c = julianDay + 32_082
        var centuries: Int64 = 0
        if julianDay >= gregorianReform {
            let a = julianDay + 32_044
            centuries = floorDivide(4 * a + 3, 146_097)
            c = a - floorDivide(146_097 * centuries, 4)
        }
        let d = floorDivide(4 * c + 3, 1_461)
        let e = c - floorDivide(1_461 * d, 4)
        let m = floorDivide(5 * e + 2, 153)
        return (100 * centuries + d - 4_800 + m / 10, m + 3 - 12 * (m / 10), e - (153 * m + 2) / 5 + 1)
    }

    /// The number of days in `month` of `year`.
    private static func daysIn(month: Int64, year: Int64, gregorian: Bool) -> Int64 {
        switch month {
        case 2:
            let leap =
                floorModulo(year, 4) == 0 && (!gregorian || floorModulo(year, 100) != 0 || floorModulo(year, 400) == 0)
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `a / b` rounded toward negative infinity (`b` > 0).
    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// `a` modulo `b` in `0..<b` (`b` > 0).
    private static func floorModulo(_ a: Int64, _ b: Int64) -> Int64 {
        a - floorDivide(a, b) * b
    }

    /// The value of the two ASCII digits at `offset`, or `nil`.
    private static func field(_ bytes: Span<UInt8>, _ offset: Int) -> Int64? {
        guard let high = digit(bytes[offset]), let low = digit(bytes[offset + 1]) else { return nil }
        return high * 10 + low
    }

    /// The value of an ASCII digit, or `nil`.
    private static func digit(_ byte: UInt8) -> Int64? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int64(byte &- UInt8(ascii: "0")) : nil
    }
}
