import Foundation

/// Matches text the way people search: ignoring case and accents, so `zoe`
/// finds `Zoë` and `ZOË`. ASCII text, the common case, is folded without Foundation.
public struct TextMatcher {
    private let needle: [UInt8]

    /// A matcher for `text`.
    public init(_ text: String) {
        needle = Array(Self.fold(text).utf8)
    }

    /// Whether any text field or kept string of `record` contains the text.
    public func matches(_ record: Record) -> Bool {
        for value in record.values {
            if case .text(let text) = value, contains(text) { return true }
        }
        for extra in record.extras {
            if case .string(let text) = extra.value, contains(text) { return true }
        }
        return false
    }

    /// Indices of the records whose field `field` equals the text, folded.
    public func exactMatches(in records: [Record], field: Int) -> [Int] {
        records.indices.filter { index in
            guard case .text(let text) = records[index].values[field] else { return false }
            return Array(Self.fold(text).utf8) == needle
        }
    }

    /// Whether `text`, folded, contains the needle.
    public func contains(_ text: String) -> Bool {
        if needle.isEmpty { return true }
        var text = text
        if let found = text.withUTF8({ Self.search($0, for: needle, asciiOnly: true) }) { return found }
        var folded = Self.fold(text)
        return folded.withUTF8 { Self.search($0, for: needle, asciiOnly: false) } ?? false
    }

    /// Lower-case, accents removed.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
    }

    /// Whether `haystack` contains `needle`, ASCII letters compared without case.
    /// With `asciiOnly`, gives up (`nil`) at the first non-ASCII byte, which needs folding first.
    private static func search(_ haystack: UnsafeBufferPointer<UInt8>, for needle: [UInt8], asciiOnly: Bool) -> Bool? {
        let count = needle.count
        var found = false
        for offset in haystack.indices {
            if asciiOnly, haystack[offset] >= 0x80 { return nil }
            guard !found, offset >= count - 1 else { continue }
            let start = offset - count + 1
            found = (0..<count).allSatisfy { lower(haystack[start + $0]) == needle[$0] }
            if found, !asciiOnly { return true }
        }
        return found
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte | 0x20 : byte
    }
}
