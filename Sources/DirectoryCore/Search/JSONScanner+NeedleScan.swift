/// The string scan of a one-shot `find` (`JSONFindScan`): the scan of a string without
/// escapes (`parseUnescapedString`) that also tells, in the same pass over its bytes,
/// whether the text holds the needle's rarest byte, so that ASCII text without it
/// (nearly every value) is passed over without a second look (`FoldedNeedle`).
extension JSONScanner {
    /// What `parseUnescapedString` gives, and whether the text is all ASCII and holds the
    /// byte `rare` (or, when `rareIsLetter`, its capital). `holdsRare` may say yes for
    /// text that does not hold it (never the reverse): it only spares a search.
    mutating func parseUnescapedString(
        lookingFor rare: UInt8, rareIsLetter: Bool
    ) throws(FileFormatError) -> (range: Range<Int>, ascii: Bool, holdsRare: Bool)? {
        let start = position + 1
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Setting bit 5 makes a capital its small letter, and no other byte the rare letter.
        let case5: UInt64 = rareIsLetter ? ones &* 0x20 : 0
        let pattern = ones &* UInt64(rare)
        var passed: UInt64 = 0
        var rares: UInt64 = 0
        var stop = bytes.count
        var index = start
        while let loaded = bytes.word64(ifFitsAt: index) {
            let word = UInt64(littleEndian: loaded)
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            let flags =
                ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | (word &- ones &* 0x20) & ~word)
                & highs
            let difference = (word | case5) ^ pattern
            let found = (difference &- ones) & ~difference & highs
            if flags != 0 {
                let before = flags.trailingZeroBitCount >> 3
                // The bytes of the word below the one found (a borrow flags only above a true match).
                let below = (1 &<< UInt64(before &* 8)) &- 1
                passed |= word & below
                rares |= found & below
                stop = index &+ before
                break
            }
            passed |= word
            rares |= found
            index &+= 8
        }
        if stop == bytes.count {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                if (rareIsLetter ? byte | 0x20 : byte) == rare { rares |= highs }
                passed |= UInt64(byte)
                index &+= 1
            }
            stop = index
        }
        guard stop < bytes.count else { throw error("unterminated string", at: start - 1) }
        switch bytes[stop] {
        case UInt8(ascii: "\""):
            let ascii = passed & highs == 0
            if !ascii { try checkUTF8(bytes.extracting(start..<stop), at: start) }
            position = stop + 1
            return (start..<stop, ascii, rares != 0)
        case UInt8(ascii: "\\"):
            return nil
        default:
            throw controlCharacter(bytes[stop], at: stop)
        }
    }
}
