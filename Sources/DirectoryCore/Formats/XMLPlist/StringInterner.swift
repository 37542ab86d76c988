/// Gives text that repeats in a file one shared `String`, so that a million records
/// whose office is "Sampson House 429" hold one copy of it instead of a million.
///
/// Only text too long for Swift's inline form (more than 15 bytes of UTF-8) is kept,
/// since shorter strings take no memory of their own. The table is direct-mapped: a
/// slot keeps the last text whose hash led there, so its size stays fixed whatever
/// the file holds, and text that never repeats costs one hash and one comparison.
struct StringInterner {
    /// The longest text Swift stores inline in a `String` on 64-bit platforms.
    static let inlineLimit = 15

    private var hashes: [UInt64]
    private var strings: [String]
    private let mask: Int

    /// Creates an empty table of `slots` entries (a power of two).
    init(slots: Int = 1 << 14) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "slots must be a power of two")
        hashes = [UInt64](repeating: 0, count: slots)
        strings = [String](repeating: "", count: slots)
        mask = slots - 1
    }

    /// The string of `utf8`, which must be valid UTF-8: one made before for the same
    /// bytes when the table still holds it, otherwise a new one, remembered.
    mutating func string(_ utf8: Span<UInt8>) -> String {
        guard utf8.count > Self.inlineLimit else { return String(utf8: utf8) }
        let hash = ByteHash.of(utf8)
        let slot = Int(truncatingIfNeeded: hash) & mask
        if hashes[slot] == hash, Self.equal(strings[slot], utf8) { return strings[slot] }
        let text = String(utf8: utf8)
        hashes[slot] = hash
        strings[slot] = text
        return text
    }

    /// Whether the UTF-8 of `text` (a native string, as every string made here is) is
    /// exactly `utf8`.
    private static func equal(_ text: String, _ utf8: Span<UInt8>) -> Bool {
        let stored = text.utf8.span
        let count = utf8.count
        guard stored.count == count else { return false }
        var index = 0
        while index + 8 <= count {
            if stored.word64(at: index) != utf8.word64(at: index) { return false }
            index += 8
        }
        while index < count {
            if stored[index] != utf8[index] { return false }
            index += 1
        }
        return true
    }
}
