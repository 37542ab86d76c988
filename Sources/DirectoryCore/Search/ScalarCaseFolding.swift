import Foundation

/// Folds text for searching (lower case, accents and width ignored) one Unicode scalar
/// at a time, into UTF-8 bytes.
///
/// ASCII is folded by arithmetic. Any other scalar is folded by Foundation once, the
/// first time it is seen, and remembered: a search over a million names meets the same
/// few hundred accented letters again and again, so Foundation's string folding, the
/// slow part of a search, runs a few hundred times instead of once per name.
final class ScalarCaseFolding {
    private var memo: [UInt32: [UInt8]] = [:]

    /// A folding with nothing remembered yet.
    init() {}

    /// `text` folded, as UTF-8 bytes.
    func fold(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        fold(text, into: &bytes)
        return bytes
    }

    /// Replaces the contents of `bytes` with `text` folded, reusing its storage.
    func fold(_ text: String, into bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(truncatingIfNeeded: value)
                bytes.append(byte >= 65 && byte <= 90 ? byte | 0x20 : byte)
            } else if let folded = memo[value] {
                bytes.append(contentsOf: folded)
            } else {
                let folded = Self.foldAfterLetter(scalar)
                memo[value] = folded
                bytes.append(contentsOf: folded)
            }
        }
    }

    /// Foundation's folding of `scalar` as it would be met in a word: after a letter, so
    /// that a combining accent folds away as it does in `e\u{301}`.
    private static func foldAfterLetter(_ scalar: Unicode.Scalar) -> [UInt8] {
        var text = "a"
        text.unicodeScalars.append(scalar)
        return Array(foundationFold(text).utf8.dropFirst())
    }

    /// Foundation's folding of a whole string: the reference this folding follows.
    static func foundationFold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
    }
}
