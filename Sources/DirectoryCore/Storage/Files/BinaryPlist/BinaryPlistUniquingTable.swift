/// A hash set of the scalar objects already written to a binary property list,
/// keyed by their encoded bytes, so that equal strings, numbers and dates are
/// written once and shared, as `PropertyListEncoder` does.
///
/// Every distinct value is remembered, however many there are, because
/// `PropertyListEncoder` shares them all: a file it wrote comes out byte for
/// byte the same at any size.
///
/// Slots hold `hash << 32 | (object + 1)`, 0 meaning empty; the object's
/// bytes are compared in the output buffer itself. Encodings are
/// self-delimiting (the marker gives the length), so two objects are equal
/// exactly when the earlier one starts with all the bytes of the later one.
struct BinaryPlistUniquingTable {
    private var slots: [UInt64]
    private var used = 0

    /// Creates an empty table.
    init() {
        slots = [UInt64](repeating: 0, count: 1024)
    }

    /// Returns the object whose encoding equals `output[start...]`, or records
    /// that `object` is that encoding and returns `nil`.
    ///
    /// - Parameter starts: where each object starts in `output`.
    mutating func existingObject(
        for output: UnsafeRawBufferPointer, from start: Int, newObject object: Int, starts: UnsafeBufferPointer<Int>
    ) -> Int? {
        let length = output.count - start
        let hash = ByteHash.of(UnsafeRawBufferPointer(rebasing: output[start...]))
        let tag = hash & 0xFFFF_FFFF_0000_0000
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 32) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let candidate = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                let candidateStart = starts[candidate]
                if candidateStart + length <= start,
                    Self.equal(output, candidateStart, start, length)
                {
                    return candidate
                }
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = tag | UInt64(truncatingIfNeeded: object + 1)
        used += 1
        if used * 2 > slots.count { grow() }
        return nil
    }

    /// Doubles the table, re-placing every entry by the hash bits it kept.
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry != 0 {
            var slot = Int(truncatingIfNeeded: entry >> 32) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// Whether the `length` bytes at `first` and at `second` are equal.
    @inline(__always)
    private static func equal(_ output: UnsafeRawBufferPointer, _ first: Int, _ second: Int, _ length: Int) -> Bool {
        guard let base = output.baseAddress else { return length == 0 }
        var index = 0
        while index + 8 <= length {
            let a = base.loadUnaligned(fromByteOffset: first + index, as: UInt64.self)
            let b = base.loadUnaligned(fromByteOffset: second + index, as: UInt64.self)
            if a != b { return false }
            index += 8
        }
        while index < length {
            if output[first + index] != output[second + index] { return false }
            index += 1
        }
        return true
    }
}
