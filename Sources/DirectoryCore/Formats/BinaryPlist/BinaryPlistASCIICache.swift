/// The ASCII string objects a binary property list reader has checked, by object number:
/// where each one's text lies in the file and where the object starts, so that a value the
/// file shares between records (`PropertyListEncoder` writes each distinct string once) is
/// found through the offset table, decoded and checked once, then taken from here.
///
/// The table is direct-mapped, as `BinaryPlistStringCache`: a slot keeps the last object
/// whose number led there. A slot is 16 bytes, one array, so a look-up loads one cache line,
/// and the table has a slot for every object of a small file and 65,536 for a large one:
/// the few thousand strings a million records share then seldom take each other's slot
/// (with 16,384 slots, 5.6 % of the benchmark's 2 million shared values missed; with 65,536,
/// 0.3 %), while a small file's table stays as small as the file.
struct BinaryPlistASCIICache {
    /// A checked ASCII string object.
    struct Text {
        /// Where the object starts (for a message).
        let position: Int
        /// Where its text lies in the file.
        let range: Range<Int>
    }

    /// One slot: the object's number (`empty` for none), where its text starts, its length,
    /// and its header's length (its text's start less its own).
    private struct Slot {
        var object: UInt32
        var start: UInt32
        var count: UInt32
        var header: UInt32
    }

    /// The mark of a slot that holds nothing; no object cached has this number.
    private static let empty = UInt32.max
    /// The most slots a cache has.
    static let maximumSlots = 1 << 16

    private var slots: [Slot]
    private let mask: Int

    /// Creates an empty cache for a file of `objectCount` objects: a slot for each, in a
    /// power of two from 64 to `maximumSlots`.
    init(objectCount: Int) {
        var count = 64
        while count < objectCount, count < Self.maximumSlots { count &<<= 1 }
        self.init(slots: count)
    }

    /// Creates an empty cache of `slots` entries (a power of two).
    init(slots: Int) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "slots must be a power of two")
        self.slots = [Slot](repeating: Slot(object: Self.empty, start: 0, count: 0, header: 0), count: slots)
        mask = slots - 1
    }

    /// How many slots the cache has.
    var slotCount: Int { slots.count }

    /// The text of object `index` when it was checked before and the cache still holds it.
    @inline(__always)
    func text(_ index: Int) -> Text? {
        let slot = slots[index & mask]
        guard Int(slot.object) == index else { return nil }
        let start = Int(slot.start)
        return Text(position: start &- Int(slot.header), range: start..<(start &+ Int(slot.count)))
    }

    /// Remembers that object `index`, at `position`, is ASCII text at `range`; an object
    /// whose number or places do not fit in 32 bits is not remembered.
    @inline(__always)
    mutating func remember(_ index: Int, position: Int, range: Range<Int>) {
        guard index >= 0, index < Int(Self.empty), position >= 0, range.upperBound <= Int(UInt32.max),
            range.lowerBound >= position
        else { return }
        slots[index & mask] = Slot(
            object: UInt32(truncatingIfNeeded: index), start: UInt32(truncatingIfNeeded: range.lowerBound),
            count: UInt32(truncatingIfNeeded: range.count),
            header: UInt32(truncatingIfNeeded: range.lowerBound &- position))
    }
}
