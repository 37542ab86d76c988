/// The string objects a binary property list reader has checked, by object number, so that a
/// value the file shares between records (`PropertyListEncoder` writes each distinct string
/// once) is found through the offset table, decoded and checked once, then taken from here.
///
/// Each text's UTF-8 is also kept in the cache's own pool, one string after another: text
/// that is not ASCII decoded from the file's UTF-16 once, ASCII text copied. A reader copies a
/// shared value into a record table's row from there, as bytes with no `String` made, and
/// the few thousand values a million records share lie together in a few hundred kilobytes
/// instead of scattered over the file, where each copy would wait for memory.
///
/// The table is direct-mapped, as `BinaryPlistStringCache`: a slot keeps the last object
/// whose number led there. A slot is 16 bytes, one array, so a look-up loads one cache line,
/// and the table has a slot for every object of a small file and 65,536 for a large one:
/// the few thousand strings a million records share then seldom take each other's slot
/// (with 16,384 slots, 5.6 % of the benchmark's 2 million shared values missed; with 65,536,
/// 0.3 %), while a small file's table stays as small as the file.
struct BinaryPlistTextCache {
    /// A checked string object.
    struct Text {
        /// Where the object starts (for a message); 0 for text that is not ASCII (a reader
        /// spends its budget for such text at the record that holds it).
        let position: Int
        /// Where its text lies in the file: ASCII text only.
        let fileRange: Range<Int>?
        /// Where its UTF-8 lies in `pool`, unless the pool was full when it was remembered.
        let poolRange: Range<Int>?
    }

    /// One slot: the object's number (`empty` for none), where its text starts in the file
    /// and in the pool, its length, its header's length (its text's start in the file less
    /// its own) and what it holds (`Held`).
    private struct Slot {
        var object: UInt32
        var fileStart: UInt32
        var poolStart: UInt32
        var count: UInt16
        var header: UInt8
        var held: Held
    }

    /// Where a slot's text is.
    private enum Held: UInt8 {
        /// ASCII text in the file only (the pool was full).
        case file
        /// ASCII text in the file and the pool.
        case fileAndPool
        /// Text that is not ASCII, in the pool only.
        case pool
    }

    /// The mark of a slot that holds nothing; no object cached has this number.
    private static let empty = UInt32.max
    /// The most slots a cache has.
    static let maximumSlots = 1 << 16
    /// The most bytes the pool holds: as many as the file has, and at least 1 MiB. Text is put
    /// in the pool when it is first read, and again only when the caches lost it, so the pool
    /// stays near the size of the distinct text the records share. ASCII text met once it is
    /// full is taken from the file, other text read the general way.
    let poolLimit: Int

    private var slots: [Slot]
    private let mask: Int
    /// The texts' UTF-8, one string after another.
    private(set) var pool: [UInt8] = []

    /// Creates an empty cache for a file of `objectCount` objects in `fileSize` bytes: a slot
    /// for each object, in a power of two from 64 to `maximumSlots`.
    init(objectCount: Int, fileSize: Int) {
        var count = 64
        while count < objectCount, count < Self.maximumSlots { count &<<= 1 }
        self.init(slots: count, poolLimit: max(fileSize, 1 << 20))
    }

    /// Creates an empty cache of `slots` entries (a power of two) and a pool of at most
    /// `poolLimit` bytes.
    init(slots: Int, poolLimit: Int = 1 << 20) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "slots must be a power of two")
        self.slots = [Slot](
            repeating: Slot(object: Self.empty, fileStart: 0, poolStart: 0, count: 0, header: 0, held: .file),
            count: slots)
        mask = slots - 1
        self.poolLimit = poolLimit
    }

    /// How many slots the cache has.
    var slotCount: Int { slots.count }

    /// The text of object `index` when it was checked before and the cache still holds it.
    @inline(__always)
    func text(_ index: Int) -> Text? {
        let slot = slots[index & mask]
        guard Int(slot.object) == index else { return nil }
        let count = Int(slot.count)
        let poolStart = Int(slot.poolStart)
        let fileStart = Int(slot.fileStart)
        switch slot.held {
        case .file:
            return Text(
                position: fileStart &- Int(slot.header), fileRange: fileStart..<(fileStart &+ count), poolRange: nil)
        case .fileAndPool:
            return Text(
                position: fileStart &- Int(slot.header), fileRange: fileStart..<(fileStart &+ count),
                poolRange: poolStart..<(poolStart &+ count))
        case .pool:
            return Text(position: 0, fileRange: nil, poolRange: poolStart..<(poolStart &+ count))
        }
    }

    /// Remembers that object `index`, at `position`, is ASCII text at `range` of `file`, and
    /// copies it into the pool while there is room; an object whose number or places do not
    /// fit the slot is not remembered.
    @inline(__always)
    mutating func remember(_ index: Int, position: Int, range: Range<Int>, of file: Span<UInt8>) {
        guard index >= 0, index < Int(Self.empty), position >= 0, range.upperBound <= Int(UInt32.max),
            range.lowerBound >= position, range.lowerBound &- position <= Int(UInt8.max),
            range.count <= Int(UInt16.max)
        else { return }
        let poolStart = pool.count
        let pooled = poolStart &+ range.count <= poolLimit
        if pooled {
            // The bytes are read during the call only; `extracting` checked their bounds.
            unsafe file.extracting(range).withUnsafeBufferPointer { unsafe pool.append(contentsOf: $0) }
        }
        slots[index & mask] = Slot(
            object: UInt32(truncatingIfNeeded: index), fileStart: UInt32(truncatingIfNeeded: range.lowerBound),
            poolStart: UInt32(truncatingIfNeeded: pooled ? poolStart : 0),
            count: UInt16(truncatingIfNeeded: range.count),
            header: UInt8(truncatingIfNeeded: range.lowerBound &- position), held: pooled ? .fileAndPool : .file)
    }

    /// Puts the UTF-8 of `text` into the pool and returns where it is there, or `nil` (adding
    /// nothing) when the pool is full or the text too long for a slot.
    mutating func pool(_ text: String) -> Range<Int>? {
        var text = text
        let count = text.utf8.count
        guard pool.count &+ count <= poolLimit, count <= Int(UInt16.max) else { return nil }
        let start = pool.count
        // The bytes are read during the call only.
        text.withUTF8 { unsafe pool.append(contentsOf: $0) }
        return start..<(start &+ count)
    }

    /// Remembers that object `index` is text that is not ASCII, its UTF-8 at `range` of the
    /// pool (`pool(_:)` put it there); an object whose number does not fit in 32 bits is not
    /// remembered.
    mutating func remember(_ index: Int, pooledAt range: Range<Int>) {
        guard index >= 0, index < Int(Self.empty), range.upperBound <= pool.count, range.count <= Int(UInt16.max)
        else { return }
        slots[index & mask] = Slot(
            object: UInt32(truncatingIfNeeded: index), fileStart: 0,
            poolStart: UInt32(truncatingIfNeeded: range.lowerBound), count: UInt16(truncatingIfNeeded: range.count),
            header: 0, held: .pool)
    }
}
