/// The identity of a record: a UUID, written in files as an uppercase string
/// such as `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (as Foundation's `UUID` encodes it).
///
/// Parsing and formatting are done here, on bytes, because they run once per
/// record on every load and save.
public struct RecordID: Hashable, Sendable, CustomStringConvertible {
    /// The 128 bits, high half first.
    public let high: UInt64
    /// The low 64 bits.
    public let low: UInt64

    /// Creates an identifier from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// A new random (version 4) identifier drawn from `generator`.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> RecordID {
        let high = (generator.next() & ~0xF000) | 0x4000  // version 4
        let low = (generator.next() & ~(0xC000 << 48)) | (0x8000 << 48)  // variant 10
        return RecordID(high: high, low: low)
    }

    /// Parses the 36-character hyphenated form; either case is accepted.
    public init?(_ text: String) {
        var text = text
        let parsed = text.withUTF8 { RecordID(utf8: UnsafeRawBufferPointer($0)) }
        guard let parsed else { return nil }
        self = parsed
    }

    /// Parses the 36-character hyphenated form from UTF-8 bytes.
    ///
    /// Branch-free per digit (hexadecimal letters and digits are mixed at random in
    /// identifiers, so a branch per digit would be mispredicted half the time).
    public init?(utf8 bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 36,
            bytes[8] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: "-"),
            bytes[18] == UInt8(ascii: "-"), bytes[23] == UInt8(ascii: "-")
        else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        var invalid: UInt8 = 0
        var nibbles = 0
        for i in 0..<36 where i != 8 && i != 13 && i != 18 && i != 23 {
            let byte = bytes[i]
            // (byte & 0xF) + 9 * bit 6: '0'...'9' -> 0...9, 'A'...'F' and 'a'...'f' -> 10...15.
            let nibble = UInt64((byte & 0x0F) &+ 9 &* (byte >> 6))
            // Bit 7 of `(x + (0x80 - n)) | x` is clear exactly when x < n.
            let digit = byte &- 0x30
            let letter = (byte | 0x20) &- 0x61
            let digitMiss = (digit &+ 0x76) | digit
            let letterMiss = (letter &+ 0x7A) | letter
            invalid |= digitMiss & letterMiss
            if nibbles < 16 { words.0 = words.0 << 4 | nibble } else { words.1 = words.1 << 4 | nibble }
            nibbles += 1
        }
        guard invalid & 0x80 == 0 else { return nil }
        self.init(high: words.0, low: words.1)
    }

    /// Writes the uppercase hyphenated form (36 bytes) to `output`.
    ///
    /// Runs once per record on every save: the 32 digits are made eight at a time
    /// in 64-bit words and appended in one copy.
    public func appendUTF8(to output: inout [UInt8]) {
        // 8-4-4-4-12 digits: the words hold digits 0–7, 8–15, 16–23 and 24–31.
        let digits = (
            Self.hexDigits(UInt32(truncatingIfNeeded: high >> 32)), Self.hexDigits(UInt32(truncatingIfNeeded: high)),
            Self.hexDigits(UInt32(truncatingIfNeeded: low >> 32)), Self.hexDigits(UInt32(truncatingIfNeeded: low))
        )
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        withUnsafeBytes(of: digits) { hex in
            withUnsafeMutableBytes(of: &text) { out in
                let hyphen = UInt8(ascii: "-")
                out.copyMemory(from: UnsafeRawBufferPointer(rebasing: hex[0..<8]))
                out[8] = hyphen
                UnsafeMutableRawBufferPointer(rebasing: out[9..<13]).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: hex[8..<12]))
                out[13] = hyphen
                UnsafeMutableRawBufferPointer(rebasing: out[14..<18]).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: hex[12..<16]))
                out[18] = hyphen
                UnsafeMutableRawBufferPointer(rebasing: out[19..<23]).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: hex[16..<20]))
                out[23] = hyphen
                UnsafeMutableRawBufferPointer(rebasing: out[24..<36]).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: hex[20..<32]))
            }
        }
        withUnsafeBytes(of: text) { output.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[0..<36])) }
    }

    /// The eight uppercase hexadecimal digits of `value`, first digit in the lowest byte.
    @inline(__always)
    private static func hexDigits(_ value: UInt32) -> UInt64 {
        // Spread the nibbles one per byte (most significant in the highest byte), then
        // put the first digit first in memory and turn each nibble into '0'–'9' or 'A'–'F'.
        var x = UInt64(value)
        x = (x | x << 16) & 0x0000_FFFF_0000_FFFF
        x = (x | x << 8) & 0x00FF_00FF_00FF_00FF
        x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F
        x = x.bigEndian
        let letters = ((x &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return x &+ 0x3030_3030_3030_3030 &+ letters &* 7
    }

    /// The uppercase hyphenated form.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        appendUTF8(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
