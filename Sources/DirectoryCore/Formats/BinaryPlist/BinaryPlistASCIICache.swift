/// The ASCII string objects a binary property list reader has checked, by object number:
/// where each one's text lies in the file and where the object starts, so that a value the
/// file shares between records (`PropertyListEncoder` writes each distinct string once) is
/// found through the offset table, decoded and checked once, then taken from here.
///
/// The table is direct-mapped with a fixed number of slots, as `BinaryPlistStringCache`:
/// a slot keeps the last object whose number led there. A slot is 16 bytes, the object's
/// number and its places as 32-bit numbers, so that a look-up reads one cache line (most
/// look-ups miss the processor's caches: the shared strings are spread over the file);
/// an object whose number or places do not fit in 32 bits is not kept.
struct BinaryPlistASCIICache {
    /// A checked ASCII string object.
    struct Text {
        /// Where the object starts (for a message).
        let position: Int
        /// Where its text lies in the file.
        let range: Range<Int>
    }

    /// A slot: the object's number plus one (0 for none), where it starts, and where its
    /// text starts and ends.
    private struct Slot {
        var objectPlusOne: UInt32
        var position: UInt32
        var start: UInt32
        var end: UInt32
    }

    private var slots: [Slot]
    private let mask: Int

    /// Creates an empty cache of `slots` entries (a power of two).
    init(slots: Int = 1 << 14) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "slots must be a power of two")
        self.slots = [Slot](repeating: Slot(objectPlusOne: 0, position: 0, start: 0, end: 0), count: slots)
        mask = slots - 1
    }

    /// The text of object `index` when it was checked before and the cache still holds it.
    @inline(__always)
    func text(_ index: Int) -> Text? {
        let slot = slots[index & mask]
        guard index >= 0, Int(slot.objectPlusOne) == index &+ 1 else { return nil }
        return Text(position: Int(slot.position), range: Int(slot.start)..<Int(slot.end))
    }

    /// Remembers that object `index`, at `position`, is ASCII text at `range`.
    @inline(__always)
    mutating func remember(_ index: Int, position: Int, range: Range<Int>) {
        guard index >= 0, index < Int(UInt32.max), position >= 0, position <= Int(UInt32.max), range.lowerBound >= 0,
            range.upperBound <= Int(UInt32.max)
        else { return }
        slots[index & mask] = Slot(
            objectPlusOne: UInt32(truncatingIfNeeded: index + 1), position: UInt32(truncatingIfNeeded: position),
            start: UInt32(truncatingIfNeeded: range.lowerBound), end: UInt32(truncatingIfNeeded: range.upperBound))
    }
}
