/// The ASCII string objects a binary property list reader has checked, by object number:
/// where each one's text lies in the file and where the object starts, so that a value the
/// file shares between records (`PropertyListEncoder` writes each distinct string once) is
/// found through the offset table, decoded and checked once, then taken from here.
///
/// The table is direct-mapped with a fixed number of slots, as `BinaryPlistStringCache`:
/// a slot keeps the last object whose number led there.
struct BinaryPlistASCIICache {
    /// A checked ASCII string object.
    struct Text {
        /// Where the object starts (for a message).
        let position: Int
        /// Where its text lies in the file.
        let range: Range<Int>
    }

    private var objects: [Int]
    private var texts: [Text]
    private let mask: Int

    /// Creates an empty cache of `slots` entries (a power of two).
    init(slots: Int = 1 << 14) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "slots must be a power of two")
        objects = [Int](repeating: -1, count: slots)
        texts = [Text](repeating: Text(position: 0, range: 0..<0), count: slots)
        mask = slots - 1
    }

    /// The text of object `index` when it was checked before and the cache still holds it.
    @inline(__always)
    func text(_ index: Int) -> Text? {
        let slot = index & mask
        return objects[slot] == index ? texts[slot] : nil
    }

    /// Remembers that object `index`, at `position`, is ASCII text at `range`.
    @inline(__always)
    mutating func remember(_ index: Int, position: Int, range: Range<Int>) {
        let slot = index & mask
        objects[slot] = index
        texts[slot] = Text(position: position, range: range)
    }
}
