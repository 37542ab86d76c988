/// A hash set of the scalar objects already written to a binary property list,
/// keyed by their encoded bytes, so that equal strings, numbers and dates are
/// written once and shared, as `PropertyListEncoder` does.
///
/// Every distinct value is remembered, however many there are, because
/// `PropertyListEncoder` shares them all: a file it wrote comes out byte for
/// byte the same at any size.
///
/// Each slot is two words: `hash tag << 32 | (object + 1)` (0 meaning empty) and
/// where the object's encoding lies in `arena`, a dense copy of every distinct
/// encoding. Comparing there rather than in the output keeps the bytes of the
/// values that repeat (offices, names) together in the processor's caches.
/// Encodings are self-delimiting (the marker gives the length), so two objects are
/// equal exactly when the earlier one starts with all the bytes of the later one.
struct BinaryPlistUniquingTable {
    private var slots: [UInt64]
    private var arena: [UInt8] = []
    private var used = 0
    private var mask: Int

    /// Creates an empty table.
    init() {
        slots = [UInt64](repeating: 0, count: 2 * 1024)
        mask = 1023
    }

    /// Returns the object whose encoding is `encoding`, or records that `object`
    /// is that encoding and returns `nil`.
    mutating func existingObject(for bytes: [UInt8], newObject object: Int) -> Int? {
        let encoding = bytes.span
        let hash = ByteHash.of(encoding)
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash >> 32) & mask
        if let found = find(encoding, tag: tag, slot: &slot) { return found }
        slots[2 * slot] = tag | UInt64(truncatingIfNeeded: object + 1)
        slots[2 * slot + 1] = UInt64(arena.count)
        arena.append(contentsOf: bytes)
        used += 1
        if used * 2 > mask + 1 { grow() }
        return nil
    }

    /// The object of `encoding`, probing from `slot` on; `nil` with `slot` at the empty
    /// slot where it belongs.
    @inline(__always)
    private func find(_ encoding: Span<UInt8>, tag: UInt64, slot: inout Int) -> Int? {
        let slots = slots.span
        let arena = arena.span
        while true {
            let entry = slots[2 &* slot]
            if entry == 0 { return nil }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let offset = Int(truncatingIfNeeded: slots[2 &* slot &+ 1])
                if offset + encoding.count <= arena.count, Self.equal(arena, at: offset, encoding) {
                    return Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                }
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// Doubles the table, re-placing every entry by the hash bits it kept.
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        mask = slots.count / 2 - 1
        for index in stride(from: 0, to: old.count, by: 2) where old[index] != 0 {
            var slot = Int(truncatingIfNeeded: old[index] >> 32) & mask
            while slots[2 * slot] != 0 { slot = (slot + 1) & mask }
            slots[2 * slot] = old[index]
            slots[2 * slot + 1] = old[index + 1]
        }
    }

    /// Whether the bytes of `arena` at `offset` begin with `encoding`.
    @inline(__always)
    private static func equal(_ arena: Span<UInt8>, at offset: Int, _ encoding: Span<UInt8>) -> Bool {
        let length = encoding.count
        var index = 0
        while index + 8 <= length {
            if arena.word64(at: offset + index) != encoding.word64(at: index) { return false }
            index += 8
        }
        while index < length {
            if arena[offset + index] != encoding[index] { return false }
            index += 1
        }
        return true
    }
}
