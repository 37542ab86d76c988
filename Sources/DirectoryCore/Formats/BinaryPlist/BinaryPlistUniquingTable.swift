/// A hash set of the scalar objects already written to a binary property list,
/// keyed by their encoded bytes (a string by its UTF-8 behind a header of its own,
/// `BinaryPlistObjectWriter.string(utf8:)`), so that equal strings, numbers and dates
/// are written once and shared, as `PropertyListEncoder` does.
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
        existingObject(header: Header(), body: bytes.span, newObject: object)
    }

    /// Returns the object whose encoding is `header` then `body`, or records that `object`
    /// is that encoding and returns `nil`. An ASCII string is looked up this way, its text
    /// straight from the record table; equal encodings are always split alike (a string's
    /// header follows from its text), so the hash of `body` alone finds them.
    mutating func existingObject(header: Header, body: Span<UInt8>, newObject object: Int) -> Int? {
        let hash = ByteHash.of(body)
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash >> 32) & mask
        if let found = find(header, body, tag: tag, slot: &slot) { return found }
        slots[2 * slot] = tag | UInt64(truncatingIfNeeded: object + 1)
        slots[2 * slot + 1] = UInt64(arena.count)
        header.append(to: &arena)
        arena.append(body)
        used += 1
        if used * 2 > mask + 1 { grow() }
        return nil
    }

    /// The object of `header` then `body`, probing from `slot` on; `nil` with `slot` at
    /// the empty slot where it belongs.
    @inline(__always)
    private func find(_ header: Header, _ body: Span<UInt8>, tag: UInt64, slot: inout Int) -> Int? {
        let slots = slots.span
        let arena = arena.span
        while true {
            let entry = slots[2 &* slot]
            if entry == 0 { return nil }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let offset = Int(truncatingIfNeeded: slots[2 &* slot &+ 1])
                let bodyOffset = offset + header.count
                if bodyOffset + body.count <= arena.count, header.matches(arena, at: offset),
                    Self.equal(arena, at: bodyOffset, body)
                {
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
        while let word = encoding.word64(ifFitsAt: index) {
            if arena.word64(at: offset + index) != word { return false }
            index += 8
        }
        while index < length {
            if arena[offset + index] != encoding[index] { return false }
            index += 1
        }
        return true
    }

    /// The first bytes of an encoding (at most 8), held in a word: a string's marker and
    /// length, written before its text.
    struct Header {
        /// The bytes, the first in the lowest 8 bits.
        var bytes: UInt64 = 0
        /// How many bytes there are.
        var count = 0

        /// Adds `byte` at the end; there must be room.
        @inline(__always)
        mutating func append(_ byte: UInt8) {
            bytes |= UInt64(byte) << UInt64(count * 8)
            count += 1
        }

        /// Appends the bytes to `output`.
        @inline(__always)
        func append(to output: inout [UInt8]) {
            for index in 0..<count { output.append(UInt8(truncatingIfNeeded: bytes >> UInt64(index * 8))) }
        }

        /// Whether the bytes of `arena` at `offset` begin with these bytes (`arena` has them all).
        @inline(__always)
        func matches(_ arena: Span<UInt8>, at offset: Int) -> Bool {
            for index in 0..<count {
                if arena[offset + index] != UInt8(truncatingIfNeeded: bytes >> UInt64(index * 8)) { return false }
            }
            return true
        }
    }
}
