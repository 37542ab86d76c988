/// Which equal objects a binary property list's writer wrote once, which a save of
/// the list keeps so that an unchanged list is written back byte for byte.
public enum BinaryPlistObjectSharing: Sendable, Equatable {
    /// As `PropertyListEncoder` writes (the apps' saves): every equal string, number,
    /// date, data and boolean is one object, which every place that holds it refers to.
    /// Object references and offsets take the fewest bytes, 3, 5, 6 or 7 included.
    case shared
    /// As `PropertyListSerialization` writes (CoreFoundation's writer, given Swift
    /// values): every string, date, data and number is written where it occurs, keys
    /// included, except the numbers CoreFoundation keeps one object of (integers −1 to
    /// 12; reals 0, 1, ±infinity and NaN; 4-byte reals 0 and 1), which are written once;
    /// a boolean is written where it occurs, but every place refers to the first object
    /// of its value. References and offsets take 1, 2, 4 or 8 bytes.
    case unshared

    /// Whether `encoding` (marker and payload) is a number of which `.unshared` writes one object.
    static func isKeptOnce(_ encoding: Span<UInt8>) -> Bool {
        guard !encoding.isEmpty else { return false }
        let marker = encoding[0]
        var bits: UInt64 = 0
        for index in 1..<encoding.count { bits = bits << 8 | UInt64(encoding[index]) }
        switch marker {
        case 0x10: return bits <= 12
        case 0x13: return bits == UInt64.max  // −1
        case 0x22: return bits == 0 || bits == 0x3F80_0000
        case 0x23:
            return bits == 0 || bits == Double(1).bitPattern || bits == Double.infinity.bitPattern
                || bits == (-Double.infinity).bitPattern || bits == 0x7FF8_0000_0000_0000
        default: return false
        }
    }

    /// The bytes a reference or an offset up to `value` takes in a file of this sharing.
    func size(for value: Int) -> Int {
        let least = max(1, 8 - UInt64(truncatingIfNeeded: value).leadingZeroBitCount / 8)
        guard self == .unshared else { return least }
        return least <= 1 ? 1 : least <= 2 ? 2 : least <= 4 ? 4 : 8
    }
}
