/// The pieces of an ISO 8601 date or date-time: `2026-05-01`,
/// `2026-05-01T14:30`, `2026-05-01 14:30:15.25+02:00`, `…Z`.
struct ISODateParts: Equatable {
    var year: Int
    var month: Int
    var day: Int
    /// Whole seconds since local midnight.
    var wholeSecondsIntoDay = 0
    /// The digits of the fraction of a second after the decimal mark, as written (`""` for none).
    var fractionDigits = ""
    /// The offset written in the text (`Z` is 0), or `nil` for local time.
    var zoneOffset: Int?
    /// Whether the text gave a time of day, not just a date.
    var hasTime = false

    /// Parses `text`, or fails for anything else.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2) else {
            return nil
        }
        (self.year, self.month, self.day) = (year, month, day)
        guard index < bytes.count else { return }
        hasTime = true
        guard expect(84) || expect(116) || expect(32), let hour = number(2), hour < 24, expect(58),
            let minute = number(2), minute < 60
        else { return nil }
        var seconds = hour * 3600 + minute * 60
        if expect(58) {
            guard let second = number(2), second < 61 else { return nil }
            seconds += second
            if expect(46) || expect(44) {
                let start = index
                while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
                guard index > start else { return nil }
                fractionDigits = String(decoding: bytes[start..<index], as: UTF8.self)
            }
        }
        wholeSecondsIntoDay = seconds
        guard index < bytes.count else { return }
        if expect(90) || expect(122) {
            zoneOffset = 0
        } else {
            let sign: Int
            if expect(43) { sign = 1 } else if expect(45) { sign = -1 } else { return nil }
            guard let hours = number(2), hours <= 14 else { return nil }
            _ = expect(58)
            let minutes = index < bytes.count ? number(2) : 0
            guard let minutes, minutes < 60 else { return nil }
            zoneOffset = sign * (hours * 3600 + minutes * 60)
        }
        guard index == bytes.count else { return nil }
    }
}
