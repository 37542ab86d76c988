import Foundation

/// Matches text the way people search: ignoring case and accents, so `zoe`
/// finds `Zoë` and `ZOË`.
///
/// ASCII text, the common case, is searched in place; other text is folded a scalar at a
/// time by a `ScalarCaseFolding` into a buffer the matcher reuses, so a search over many
/// records allocates almost nothing.
public struct TextMatcher {
    private let needle: [UInt8]
    private let folding: ScalarCaseFolding
    private let buffer: FoldBuffer

    /// A matcher for `text`.
    public init(_ text: String) {
        folding = ScalarCaseFolding()
        needle = folding.fold(text)
        buffer = FoldBuffer()
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

    /// The text folded, as UTF-8: what is looked for.
    var folded: [UInt8] { needle }

    /// Indices of the records whose text field `field` equals the text, folded.
    public func exactMatches(in records: RecordList, field: Int) -> [Int] {
        RecordSearch(records).indices(field: field, matching: needle, exactly: true)
    }

    /// Whether `text`, folded, contains the needle.
    public func contains(_ text: String) -> Bool {
        if needle.isEmpty { return true }
        var text = text
        text.makeContiguousUTF8()
        if let ascii = Self.search(text.utf8.span, for: needle.span, lowering: true) { return ascii }
        folding.fold(text, into: &buffer.bytes)
        // A span of a class's array is made from a copy of it (a reference, not the bytes).
        let folded = buffer.bytes
        return Self.search(folded.span, for: needle.span, lowering: false) ?? false
    }

    /// Lower-case, accents removed.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return ScalarCaseFolding.foundationFold(text)
    }

    /// Whether `haystack` contains `needle` (never empty). With `lowering`, the haystack
    /// is raw text: ASCII letters are compared without case, and the search gives up
    /// (`nil`) at the first non-ASCII byte, which needs folding first. A match found
    /// before that byte stands: folding a scalar never changes the ones before it.
    private static func search(_ haystack: Span<UInt8>, for needle: Span<UInt8>, lowering: Bool) -> Bool? {
        let count = needle.count
        let first = needle[0]
        var offset = 0
        while offset < haystack.count {
            let byte = haystack[offset]
            if lowering, byte >= 0x80 { return nil }
            if offset + count <= haystack.count, (lowering ? lower(byte) : byte) == first {
                var matched = 1
                while matched < count {
                    let next = haystack[offset + matched]
                    if lowering, next >= 0x80 { return nil }
                    if (lowering ? lower(next) : next) != needle[matched] { break }
                    matched += 1
                }
                if matched == count { return true }
            }
            offset += 1
        }
        return false
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte | 0x20 : byte
    }
}

/// The bytes a `TextMatcher` folds text into, kept between records.
private final class FoldBuffer {
    var bytes: [UInt8] = []
}
