/// The strings a binary property list reader has made, by object number, so that a
/// value the file shares between records (`PropertyListEncoder` writes each distinct
/// string once) is decoded once and its `String` shared rather than copied.
///
/// The table is direct-mapped with a fixed number of slots: a slot keeps the last
/// string whose object number led there, so memory stays bounded whatever the file.
struct BinaryPlistStringCache {
    private var objects: [Int]
    private var strings: [String]
    /// Where `BinaryPlistTextCache`'s pool holds each string's UTF-8, when it does.
    private var pooled: [Range<Int>?]
    private let mask: Int

    /// Creates an empty cache of `slots` entries (a power of two).
    init(slots: Int = 1 << 14) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "slots must be a power of two")
        objects = [Int](repeating: -1, count: slots)
        strings = [String](repeating: "", count: slots)
        pooled = [Range<Int>?](repeating: nil, count: slots)
        mask = slots - 1
    }

    /// The string made before for object `index`, if the cache still holds it.
    @inline(__always)
    func string(_ index: Int) -> String? {
        let slot = index & mask
        return objects[slot] == index ? strings[slot] : nil
    }

    /// Where the pool holds the UTF-8 of the string of object `index`, when the cache still
    /// holds it and the pool does.
    @inline(__always)
    func pooledRange(_ index: Int) -> Range<Int>? {
        let slot = index & mask
        return objects[slot] == index ? pooled[slot] : nil
    }

    /// Remembers that object `index` is `text`, its UTF-8 at `range` of
    /// `BinaryPlistTextCache`'s pool when it was put there.
    @inline(__always)
    mutating func remember(_ text: String, for index: Int, pooledAt range: Range<Int>? = nil) {
        let slot = index & mask
        objects[slot] = index
        strings[slot] = text
        pooled[slot] = range
    }
}
