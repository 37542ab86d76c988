/// The text of a `find`, folded as `TextMatcher` folds it, and the test of one text value's
/// UTF-8 bytes against it, straight from a file's bytes: what lets a one-shot `find`
/// (`JSONFindScan`) pass over records that cannot match without building them.
///
/// The answer is `TextMatcher.contains`'s for the same text, exactly: folding is a scalar
/// at a time (`ScalarCaseFolding`), so ASCII text folds to its lower case, and other text
/// is folded by `UTF8CaseFolding`, the folding of the search index, by the same rules.
/// ASCII text is first asked whether it holds the needle's rarest letter in either case,
/// eight bytes at a time, which rules out nearly every value without a search. Other text
/// is first asked whether its folding could hold every byte of the needle (`FoldMask`, a
/// bit per byte value, learnt once per scalar), and folded only then.
struct FoldedNeedle {
    /// The needle, folded (lower case, accents and width ignored), as UTF-8.
    let bytes: [UInt8]
    /// Whether the folded needle is all ASCII: if not, no ASCII text holds it.
    private let isASCII: Bool
    /// A byte of the needle that ASCII text must hold (any case, when a letter) to hold the needle.
    let rare: UInt8
    /// Whether `rare` is a letter, found in text as itself or its capital.
    let rareIsLetter: Bool
    /// The bits of the needle's bytes (`FoldMask.bit`).
    private let mask: UInt64
    private var folding = UTF8CaseFolding()
    private var folded: [UInt8] = []
    private var masks = FoldMask()

    /// The needle `text`, folded as `TextMatcher(text)` folds it.
    init(_ text: String) {
        bytes = TextMatcher(text).folded
        isASCII = bytes.allSatisfy { $0 < 0x80 }
        // The needle's byte least common in names and places: letters by how rarely English
        // and European names use them, then anything else.
        let order = Array("qjzxkvwyfbgpmhdcuslntroiae".utf8)
        var best = bytes.first ?? 0
        var bestRank = Int.max
        for byte in bytes where byte < 0x80 {
            let rank = order.firstIndex(of: byte) ?? (byte == 0x20 ? Int.max - 1 : order.count)
            if rank < bestRank {
                best = byte
                bestRank = rank
            }
        }
        rare = best
        rareIsLetter = best >= UInt8(ascii: "a") && best <= UInt8(ascii: "z")
        mask = bytes.reduce(0) { $0 | FoldMask.bit($1) }
    }

    /// Whether the folded needle is empty: every text holds it.
    var isEmpty: Bool { bytes.isEmpty }

    /// Whether the text whose valid UTF-8 is `value`, folded, holds the needle: what
    /// `TextMatcher(text).contains(String(value))` says. The string scan that found
    /// `value` (`JSONScanner.parseUnescapedString(lookingFor:rareIsLetter:)`) tells whether
    /// it is all ASCII and whether it holds `rare` (or may: a yes for text without it only
    /// costs a search).
    mutating func isFound(in value: Span<UInt8>, ascii: Bool, holdsRare: Bool) -> Bool {
        if bytes.isEmpty { return true }
        if ascii {
            guard isASCII, holdsRare, value.count >= bytes.count else { return false }
            return Self.search(value, for: bytes.span, lowering: true)
        }
        guard mask & ~masks.ofFolding(value) == 0 else { return false }
        folded.removeAll(keepingCapacity: true)
        folding.append(folding: value, to: &folded)
        UTF8CaseFolding.lowerASCII(&folded)
        let text = folded
        return Self.search(text.span, for: bytes.span, lowering: false)
    }

    /// Whether `haystack` holds `needle` (not empty); with `lowering`, ASCII capitals of the
    /// haystack count as their small letters.
    private static func search(_ haystack: Span<UInt8>, for needle: Span<UInt8>, lowering: Bool) -> Bool {
        let count = needle.count
        guard haystack.count >= count else { return false }
        let first = needle[0]
        for start in 0...(haystack.count - count) {
            if lower(haystack[start], lowering) != first { continue }
            var matched = 1
            while matched < count, lower(haystack[start &+ matched], lowering) == needle[matched] { matched &+= 1 }
            if matched == count { return true }
        }
        return false
    }

    @inline(__always)
    private static func lower(_ byte: UInt8, _ lowering: Bool) -> UInt8 {
        lowering && byte &- 65 < 26 ? byte | 0x20 : byte
    }
}

/// Which byte values the folding of a text holds, as a bit each (`bit`; some share a bit),
/// told from the text's bytes without folding it: each non-ASCII scalar's bits are learnt
/// the first time it is met. A needle whose bits are not all in a text's is not in its folding.
private struct FoldMask {
    /// For each scalar below U+10000: its folding's bits, with `known` set once learnt.
    private var table = [UInt64](repeating: 0, count: 0x1_0000)
    /// The bits of scalars above U+FFFF met so far.
    private var astral: [UInt32: UInt64] = [:]
    private let folding = ScalarCaseFolding()
    private static let known: UInt64 = 1 << 63

    /// The bit of byte value `byte` (folded bytes are lower case already).
    @inline(__always)
    static func bit(_ byte: UInt8) -> UInt64 { 1 << UInt64(byte % 63) }

    /// The bits of the folding of `text`, valid UTF-8.
    mutating func ofFolding(_ text: Span<UInt8>) -> UInt64 {
        var bits: UInt64 = 0
        var index = 0
        while index < text.count {
            let lead = text[index]
            if lead < 0x80 {
                bits |= Self.bit(lead &- 65 < 26 ? lead | 0x20 : lead)
                index &+= 1
                continue
            }
            // Well-formed, as the reader checked it: the lead byte says the length.
            let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            var scalar = UInt32(lead & (0x7F >> UInt8(length)))
            for offset in 1..<length { scalar = scalar << 6 | UInt32(text[index &+ offset] & 0x3F) }
            index &+= length
            bits |= bitsOf(scalar)
        }
        return bits
    }

    /// The bits of the folding of `scalar`, learnt the first time.
    @inline(__always)
    private mutating func bitsOf(_ scalar: UInt32) -> UInt64 {
        if scalar < 0x1_0000 {
            let entry = table[Int(scalar)]
            if entry != 0 { return entry }
            let learnt = learn(scalar) | Self.known
            table[Int(scalar)] = learnt
            return learnt
        }
        if let entry = astral[scalar] { return entry }
        let learnt = learn(scalar)
        astral[scalar] = learnt
        return learnt
    }

    /// The bits of `ScalarCaseFolding`'s folding of `scalar`.
    private func learn(_ scalar: UInt32) -> UInt64 {
        guard let value = Unicode.Scalar(scalar) else { return 0 }
        var text = ""
        text.unicodeScalars.append(value)
        return folding.fold(text).reduce(0) { $0 | Self.bit($1) }
    }
}
