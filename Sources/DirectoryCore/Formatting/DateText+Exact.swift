/// Dates written to be read back to the same `Double`: `export csv` writes every date so that
/// importing the file gives the very instant the list held.
extension DateText {
    /// The most fractional digits tried: beyond 20, ISO 8601 gives way to the seconds themselves.
    static let exactDigitLimit = 20

    /// `seconds` as ISO 8601 in UTC with the fewest fractional digits that `read` turns back into
    /// exactly `seconds` (`2026-05-09T06:13:20.1234568Z`), or `nil` when no such text has at most
    /// `exactDigitLimit` digits (an instant a hair from 2001, such as `-1e-20`).
    static func exactISO8601(_ seconds: Double) -> String? {
        let floor = seconds.rounded(.down)
        let fraction = seconds - floor
        guard fraction >= 0, fraction < 1, floor.magnitude < calendarLimit else { return nil }
        let whole = Int(floor)
        var (days, secondOfDay) = whole.quotientAndRemainder(dividingBy: 86_400)
        if secondOfDay < 0 { (days, secondOfDay) = (days - 1, secondOfDay + 86_400) }
        let (year, month, day) = civilFromDays(days + referenceDay)
        let text =
            pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if fraction == 0 { return text + "Z" }
        guard let digits = decimalDigits(of: fraction, count: exactDigitLimit) else { return nil }
        for count in 1...exactDigitLimit {
            // The digits cut after `count`, and the same rounded up one in the last place.
            var candidate = Array(digits.prefix(count))
            for roundedUp in [false, true] {
                if roundedUp, !increment(&candidate) { break }
                let written = String(decoding: candidate, as: UTF8.self)
                if readBack(whole: whole, fraction: written) == seconds { return text + "." + written + "Z" }
            }
        }
        return nil
    }

    /// What `read` makes of a UTC time `whole` seconds from 2001 with the fractional digits `fraction`:
    /// the whole seconds as they are, plus the fraction as the `Double` nearest to it. Both `read`
    /// and `exactISO8601` add them here, so what one writes the other reads back the same.
    static func readBack(whole: Int, fraction: Substring) -> Double {
        Double(whole) + (Double("0." + fraction) ?? 0)
    }

    /// As `readBack(whole:fraction:)`, for the digits written.
    static func readBack(whole: Int, fraction: String) -> Double {
        readBack(whole: whole, fraction: Substring(fraction))
    }

    /// The first `count` decimal digits of `fraction` (0 ≤ `fraction` < 1), cut not rounded, as
    /// ASCII; exact, from its binary digits; `nil` for a fraction too small to expand here.
    private static func decimalDigits(of fraction: Double, count: Int) -> [UInt8]? {
        // fraction = significand / 2^shift, with significand < 2^53.
        let shift = 52 - Int(fraction.exponent)
        guard shift > 0, shift <= 120 else { return nil }
        let significand = UInt128(fraction.significandBitPattern | (1 << 52))
        let mask = (UInt128(1) << shift) - 1
        var rest = significand
        var digits: [UInt8] = []
        for _ in 0..<count {
            rest *= 10
            digits.append(UInt8(ascii: "0") + UInt8(rest >> shift))
            rest &= mask
        }
        return digits
    }

    /// Adds one in the last place of the decimal `digits`; `false` when that carries past the first
    /// (0.99 + 0.01 is no fraction).
    private static func increment(_ digits: inout [UInt8]) -> Bool {
        for index in digits.indices.reversed() {
            if digits[index] < UInt8(ascii: "9") {
                digits[index] += 1
                return true
            }
            digits[index] = UInt8(ascii: "0")
        }
        return false
    }
}
