/// Keys and identifiers read straight from the document's bytes: every record has
/// an `id` and the kind's keys, and making a `String` of each only to compare
/// or parse it costs an allocation or a validation per key.
extension JSONScanner {
    /// Where the bytes of the key at the next significant byte are in `bytes`, leaving
    /// `position` after the `:` that follows it, when the key is plain printable ASCII
    /// without escapes; otherwise `nil`, with `position` at the key for `parseKey()` (and
    /// its errors).
    mutating func parseASCIIKey() -> Range<Int>? {
        guard peekSignificant() == UInt8(ascii: "\"") else { return nil }
        let start = position + 1
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        let keyStart = position
        position = end + 1
        guard consume(UInt8(ascii: ":")) else {
            position = keyStart
            return nil
        }
        return start..<end
    }

    /// The identifier in the string at the next significant byte, when that string is
    /// exactly a 36-character UUID, leaving `position` after it; otherwise `nil`, with
    /// `position` at the string for the general parser (and its error messages).
    mutating func parseRecordID() -> RecordID? {
        guard peekSignificant() == UInt8(ascii: "\""), bytes.count - position >= 38,
            bytes[position + 37] == UInt8(ascii: "\"")
        else { return nil }
        let text = bytes.extracting((position + 1)..<(position + 37))
        guard let id = text.withRawBytes({ RecordID(utf8: $0) }) else { return nil }
        position += 38
        return id
    }

    /// The value at the next significant byte: a string by the fast path, anything else in full;
    /// `keepingNumberText` as `parseValue(depth:keepingNumberText:)` has it.
    mutating func parseMemberValue(keepingNumberText: Bool = false) throws(FileFormatError) -> PropertyValue {
        if peekSignificant() == UInt8(ascii: "\"") { return .string(try parseString()) }
        return try parseValue(depth: 2, keepingNumberText: keepingNumberText)
    }

    /// Whether the 36 characters of the id `parseRecordID()` read, ending with the quote before
    /// `end`, have no lower-case letter: a hex digit or hyphen with bits 0x40 and 0x20 both set
    /// is one of `a`–`f`. Five words, the last overlapping.
    @inline(__always)
    func isUpperCaseID(before end: Int) -> Bool {
        let start = end &- 37
        guard start >= 0 else { return false }
        let mask: UInt64 = 0x4040_4040_4040_4040
        let words = (
            bytes.word64(at: start), bytes.word64(at: start &+ 8), bytes.word64(at: start &+ 16),
            bytes.word64(at: start &+ 24), bytes.word64(at: start &+ 28)
        )
        let found =
            words.0 & (words.0 << 1) | words.1 & (words.1 << 1) | words.2 & (words.2 << 1)
            | words.3 & (words.3 << 1) | words.4 & (words.4 << 1)
        return found & mask == 0
    }
}
