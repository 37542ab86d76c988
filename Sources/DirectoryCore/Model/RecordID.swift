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
    public func appendUTF8(to output: inout [UInt8]) {
        let digits: StaticString = "0123456789ABCDEF"
        digits.withUTF8Buffer { hex in
            for i in 0..<32 {
                if i == 8 || i == 12 || i == 16 || i == 20 { output.append(UInt8(ascii: "-")) }
                let word = i < 16 ? high : low
                let shift = UInt64(60 - (i % 16) * 4)
                output.append(hex[Int((word >> shift) & 0xF)])
            }
        }
    }

    /// The uppercase hyphenated form.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        appendUTF8(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
