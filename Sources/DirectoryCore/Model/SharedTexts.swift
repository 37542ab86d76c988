/// The texts a binary property list shares between records, each kept once by the object it
/// was read from, for the rows of a `RecordTable` that hold such a value by its object only.
///
/// `PropertyListEncoder` writes each distinct string once and every record refers to it: a
/// million people share a few thousand names and offices. A row read on the writer's path
/// (`BinaryPlistRecordScan.readWritersRecords`) keeps such a value as its object number
/// (`RecordTable.valueObjects`) and no bytes of its own (an empty range in `starts`); its text
/// is here, found by that number. So the load writes no text per record, and the table holds
/// the names once instead of a million times.
///
/// The places are found by a multiply-shift hash with a multiplier drawn per process (from
/// `WordMix.keys`), so that a hand-made file cannot choose object numbers that pile up.
struct SharedTexts: Sendable {
    /// One place of the table: the object's number plus one (0: empty), and where its text is.
    private struct Place {
        var key: UInt32 = 0
        var start: UInt32 = 0
        var count: UInt32 = 0
    }

    /// The texts' UTF-8, one after another.
    private(set) var bytes: [UInt8] = []
    private var places: [Place] = []
    /// A bit for each object kept, by number: what a reader asks for every value it adds
    /// (`add`), answered with one load. Objects are numbered from 0 up to the count the file's
    /// trailer gives, which its offset table holds: the set is at most an eighth of the file.
    private var kept: [UInt64] = []
    private var shift: UInt64 = 64
    /// The multiplier of the places' hash (`processMultiplier`), kept here so that a look-up
    /// reads no global.
    private var multiplier: UInt64 = 1
    /// How many texts are kept.
    private(set) var count = 0

    /// The multiplier of the places' hash: odd, and drawn once per process.
    private static let processMultiplier = WordMix.keys.0 | 1

    /// No texts.
    init() {}

    /// Whether no text is kept.
    var isEmpty: Bool { count == 0 }

    /// The place `object` hashes to.
    @inline(__always)
    private func home(_ object: UInt32) -> Int {
        Int(truncatingIfNeeded: (UInt64(object) &* multiplier) >> shift)
    }

    /// Where the text of `object` is in `bytes`, when it is kept.
    @inline(__always)
    func range(of object: UInt32) -> Range<Int>? {
        guard let place = place(of: object) else { return nil }
        return range(atPlace: place)
    }

    /// How many places there are: a place is a number below this.
    var placeCount: Int { places.count }

    /// The place that holds the text of `object`, when it is kept: for a reader that keeps
    /// something of its own for each text (`CaseFoldedIndex`, each text folded once).
    @inline(__always)
    func place(of object: UInt32) -> Int? {
        guard count > 0, object != RecordTable.noObject else { return nil }
        let key = object &+ 1
        let mask = places.count &- 1
        var index = home(object)
        while true {
            let place = places[index]
            if place.key == key { return index }
            if place.key == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }

    /// Where the text at `place` (found by `place(of:)`) is in `bytes`.
    @inline(__always)
    func range(atPlace place: Int) -> Range<Int> {
        let found = places[place]
        return Int(found.start)..<(Int(found.start) &+ Int(found.count))
    }

    /// Keeps `text` as the text of `object`, unless a text of it is kept already (an object's
    /// text is always the same). Returns `false`, keeping nothing, when the texts would pass
    /// the 4 GiB that 32-bit offsets reach.
    @inline(__always)
    mutating func add(_ object: UInt32, text: RawSpan) -> Bool {
        let word = Int(object &>> 6)
        if word < kept.count, kept[word] & (1 &<< UInt64(object & 63)) != 0 { return true }
        return addNew(object, text: text)
    }

    /// `add(_:text:)` for an object whose text is not kept yet.
    private mutating func addNew(_ object: UInt32, text: RawSpan) -> Bool {
        guard object != RecordTable.noObject else { return false }
        guard bytes.count &+ text.byteCount <= Int(UInt32.max) else { return false }
        if (count &+ 1) &* 2 > places.count { grow() }
        let start = bytes.count
        // The bytes are read during the call only; the span holds them.
        unsafe text.withUnsafeBytes { unsafe bytes.append(contentsOf: $0) }
        insert(Place(key: object &+ 1, start: UInt32(truncatingIfNeeded: start), count: UInt32(text.byteCount)))
        count &+= 1
        let word = Int(object &>> 6)
        if word >= kept.count {
            kept.append(contentsOf: repeatElement(0, count: max(word &+ 1, kept.count &* 2) &- kept.count))
        }
        kept[word] |= 1 &<< UInt64(object & 63)
        return true
    }

    /// Keeps every text of `other` that this does not hold; `false` when they would pass
    /// 4 GiB (some may have been kept).
    mutating func add(contentsOf other: SharedTexts) -> Bool {
        guard !other.isEmpty else { return true }
        let otherBytes = other.bytes.span.rawBytes
        for place in other.places where place.key != 0 {
            let start = Int(place.start)
            guard add(place.key &- 1, text: otherBytes.extracting(start..<(start &+ Int(place.count)))) else {
                return false
            }
        }
        return true
    }

    /// Puts `place` at the first empty place from its home (there is one: the table is at
    /// most half full).
    private mutating func insert(_ place: Place) {
        let mask = places.count &- 1
        var index = home(place.key &- 1)
        while places[index].key != 0 { index = (index &+ 1) & mask }
        places[index] = place
    }

    /// Doubles the places (16 at first) and puts every kept text back.
    private mutating func grow() {
        let size = max(16, places.count &* 2)
        let old = places
        multiplier = Self.processMultiplier
        places = [Place](repeating: Place(), count: size)
        shift = UInt64(64 &- size.trailingZeroBitCount)
        for place in old where place.key != 0 { insert(place) }
    }
}
