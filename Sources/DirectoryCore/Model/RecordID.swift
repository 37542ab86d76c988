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
        text.makeContiguousUTF8()
        guard let parsed = text.utf8.span.withRawBytes({ RecordID(utf8: $0) }) else { return nil }
        self = parsed
    }

    /// Parses the 36-character hyphenated form from UTF-8 bytes.
    ///
    /// Runs once per record on every load, so the digits are checked and converted
    /// eight at a time in 64-bit words, without a branch per digit.
    public init?(utf8 bytes: RawSpan) {
        guard bytes.byteCount == 36,
            bytes.byte(at: 8) == UInt8(ascii: "-"), bytes.byte(at: 13) == UInt8(ascii: "-"),
            bytes.byte(at: 18) == UInt8(ascii: "-"), bytes.byte(at: 23) == UInt8(ascii: "-")
        else { return nil }
        // Gather the 32 digits (8-4-4-4-12) into four words of eight, first digit lowest.
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: bytes.word64(at: offset)) }
        func half(_ offset: Int) -> UInt64 { UInt64(UInt32(littleEndian: bytes.word32(at: offset))) }
        let words = (word(0), half(9) | half(14) << 32, half(19) | half(24) << 32, word(28))
        let flags =
            Self.nonHexFlags(words.0) | Self.nonHexFlags(words.1) | Self.nonHexFlags(words.2)
            | Self.nonHexFlags(words.3)
        guard flags == 0 else { return nil }
        self.init(
            high: Self.value(ofDigits: words.0) << 32 | Self.value(ofDigits: words.1),
            low: Self.value(ofDigits: words.2) << 32 | Self.value(ofDigits: words.3))
    }

    /// Nonzero unless each of the eight bytes of `word` is `0`–`9`, `A`–`F` or `a`–`f`.
    @inline(__always)
    private static func nonHexFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // With every byte below 0x80, adding (0x80 - n) sets a byte's high bit exactly when it is >= n.
        let lower = word | ones &* 0x20
        let digit = (word &+ ones &* (0x80 - 0x30)) & ~(word &+ ones &* (0x80 - 0x3A))
        let letter = (lower &+ ones &* (0x80 - 0x61)) & ~(lower &+ ones &* (0x80 - 0x67))
        return (word & highs) | (~(digit | letter) & highs)
    }

    /// The 32-bit value of eight hexadecimal digits (already checked), first digit lowest in `word`.
    @inline(__always)
    private static func value(ofDigits word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // '0'-'9' -> 0-9; 'A'-'F' and 'a'-'f' (bit 6 set) -> 1-6 plus 9.
        var x = (word & (ones &* 0x0F)) &+ ((word >> 6) & ones) &* 9
        x = (x << 4 | x >> 8) & 0x00FF_00FF_00FF_00FF  // pairs: first digit high
        x = (x << 8 | x >> 16) & 0x0000_FFFF_0000_FFFF  // quads
        return (x << 16 | x >> 32) & 0xFFFF_FFFF  // eight
    }

    /// Writes the uppercase hyphenated form (36 bytes) to `output`.
    ///
    /// Runs once per record on every save: the 32 digits are made eight at a time
    /// in 64-bit words and appended in one copy.
    public func appendUTF8(to output: inout [UInt8]) {
        output.append(atMost: 36) { writeUTF8(to: &$0) }
    }

    /// Writes the 36 bytes of the hyphenated uppercase form to `output`, as five words;
    /// traps when they do not fit.
    @inline(__always)
    func writeUTF8(to output: inout OutputRawSpan) {
        // Digits 0–7, 8–15, 16–23 and 24–31, each word's first digit in its lowest byte.
        let first = Self.hexDigits(UInt32(truncatingIfNeeded: high >> 32))
        let second = Self.hexDigits(UInt32(truncatingIfNeeded: high))
        let third = Self.hexDigits(UInt32(truncatingIfNeeded: low >> 32))
        let fourth = Self.hexDigits(UInt32(truncatingIfNeeded: low))
        let hyphen = UInt64(UInt8(ascii: "-"))
        // 8-4-4-4-12: bytes 8–15 are `-`, digits 8–11, `-`, digits 12–13; bytes 16–23 are
        // digits 14–15, `-`, digits 16–19, `-`; bytes 24–31 digits 20–27; 32–35 digits 28–31.
        let bytes8 = hyphen | (second & 0xFFFF_FFFF) << 8 | hyphen << 40 | (second >> 32 & 0xFFFF) << 48
        let bytes16 = second >> 48 | hyphen << 16 | (third & 0xFFFF_FFFF) << 24 | hyphen << 56
        let bytes24 = third >> 32 | fourth << 32
        output.append(word64: first.littleEndian)
        output.append(word64: bytes8.littleEndian)
        output.append(word64: bytes16.littleEndian)
        output.append(word64: bytes24.littleEndian)
        output.append(word32: UInt32(truncatingIfNeeded: fourth >> 32).littleEndian)
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
