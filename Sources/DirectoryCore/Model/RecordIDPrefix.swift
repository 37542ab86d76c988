/// The start of a record's id as a person types it after `#` (`#e621`, `#E621E1F8-C3`):
/// at least four hex digits, case and hyphens ignored, as git takes a short hash.
public struct RecordIDPrefix: Equatable, Sendable, CustomStringConvertible {
    /// The fewest digits accepted: enough to tell records apart in a list of thousands.
    public static let minimumDigits = 4

    /// The digits' values, 0–15, most significant first (at most 32).
    public let digits: [UInt8]

    /// The prefix in `text` (without the `#`); `nil` unless it is 4 to 32 hex digits, hyphens aside.
    public init?(_ text: some StringProtocol) {
        var digits: [UInt8] = []
        for byte in text.utf8 where byte != UInt8(ascii: "-") {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        guard digits.count >= Self.minimumDigits, digits.count <= 32 else { return nil }
        self.digits = digits
    }

    /// The digits in upper case, as files and `show` write ids.
    public var description: String {
        String(decoding: digits.map { $0 < 10 ? $0 + UInt8(ascii: "0") : $0 - 10 + UInt8(ascii: "A") }, as: UTF8.self)
    }

    /// Whether `id` starts with these digits.
    public func matches(_ id: RecordID) -> Bool {
        for (offset, digit) in digits.enumerated() {
            let half = offset < 16 ? id.high : id.low
            let shift = UInt64(60 - 4 * (offset % 16))
            guard UInt8((half >> shift) & 0xF) == digit else { return false }
        }
        return true
    }
}
