import Foundation

/// Sort keys for text in a locale's alphabetical order, ignoring case and accents
/// (`é` with `e`; in Swedish `ö` after `z`), with runs of digits compared by value.
///
/// Comparing strings with the locale's collator for every pair is far too slow for a
/// sort of a million names, so the collator ranks each distinct letter once, and a
/// text's key is the ranks of its letters. Combining accents and joiners are left out.
struct CollationKeys {
    /// One letter of a key: its rank, and for a digit its value (`digit` is -1 otherwise).
    struct Element: Equatable {
        var rank: Int
        var digit: Int
    }

    private var ranks: [UInt32: Int] = [:]

    /// Ranks every letter that occurs in `texts` with `locale`'s collator.
    init(_ texts: [String], locale: Locale) {
        var letters = Set<UInt32>()
        for text in texts {
            for scalar in text.unicodeScalars where !Self.isIgnored(scalar) { letters.insert(scalar.value) }
        }
        // Foundation's accent-blind comparison is not transitive with a locale (in Swedish
        // Ö equals O, yet sorts after Z), so letters are put in order with accents, and
        // neighbours that differ only by accents (e, é in English) then share a rank.
        let ordering: String.CompareOptions = [.caseInsensitive, .widthInsensitive]
        let sameLetter: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]
        let sorted = letters.compactMap(Unicode.Scalar.init).map { String($0) }.sorted {
            $0.compare($1, options: ordering, range: nil, locale: locale) == .orderedAscending
        }
        var rank = 0
        var groupStart: String?
        for letter in sorted {
            let sameAsGroup = groupStart.map {
                $0.compare(letter, options: sameLetter, range: nil, locale: locale) == .orderedSame
            }
            if sameAsGroup != true {
                if sameAsGroup == false { rank += 1 }
                groupStart = letter
            }
            if let scalar = letter.unicodeScalars.first { ranks[scalar.value] = rank }
        }
    }

    /// The key of `text`.
    func key(_ text: String) -> [Element] {
        var key: [Element] = []
        key.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars where !Self.isIgnored(scalar) {
            let digit = scalar.isASCII && scalar.value >= 0x30 && scalar.value <= 0x39 ? Int(scalar.value) - 0x30 : -1
            key.append(Element(rank: ranks[scalar.value] ?? 0, digit: digit))
        }
        return key
    }

    /// Compares two keys: negative, zero or positive. Runs of digits compare by value.
    static func compare(_ lhs: [Element], _ rhs: [Element]) -> Int {
        var i = 0
        var j = 0
        while i < lhs.count, j < rhs.count {
            if lhs[i].digit >= 0, rhs[j].digit >= 0 {
                let (leftEnd, rightEnd) = (digitsEnd(lhs, from: i), digitsEnd(rhs, from: j))
                let left = lhs[i..<leftEnd].drop { $0.digit == 0 }
                let right = rhs[j..<rightEnd].drop { $0.digit == 0 }
                if left.count != right.count { return left.count - right.count }
                for (a, b) in zip(left, right) where a.digit != b.digit { return a.digit - b.digit }
                i = leftEnd
                j = rightEnd
                continue
            }
            if lhs[i].rank != rhs[j].rank { return lhs[i].rank - rhs[j].rank }
            i += 1
            j += 1
        }
        return (lhs.count - i) - (rhs.count - j)
    }

    private static func digitsEnd(_ key: [Element], from start: Int) -> Int {
        var end = start
        while end < key.count, key[end].digit >= 0 { end += 1 }
        return end
    }

    /// Combining accents and format characters (joiners) do not order text.
    private static func isIgnored(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format: return true
        default: return false
        }
    }
}
