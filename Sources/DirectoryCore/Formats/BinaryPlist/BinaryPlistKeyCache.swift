/// What each dictionary key object of a binary property list means to the record
/// builder (`id`, a kind field, or an extra key), found once per key object
/// rather than once per record: writers share one key object between all records.
struct BinaryPlistKeyCache {
    private static let slots = 64
    private var objects = [Int](repeating: -1, count: slots)
    private var meanings = [RecordBuilder.KnownKey?](repeating: nil, count: slots)
    /// The object of the first `id` key met, or -1.
    private(set) var firstIDKey = -1
    /// Whether two records' `id` keys were different objects: the file was written without
    /// sharing equal strings, as `PropertyListSerialization` writes (`PropertyListEncoder`
    /// writes each key once).
    private(set) var keysRepeat = false

    /// What key object `index` of `dictionary` is to `builder`; `nil` for a key the
    /// kind does not know, or for every key while the kind is not known yet. The builder
    /// is only read: it is passed `inout` so that it is not copied for every key.
    mutating func known(
        _ index: Int, in dictionary: BinaryPlistObject, parser: inout BinaryPlistValueParser,
        builder: inout RecordBuilder
    ) throws(FileFormatError) -> RecordBuilder.KnownKey? {
        let slot = index & (Self.slots - 1)
        if objects[slot] == index { return meanings[slot] }
        let key = try parser.key(index, in: dictionary)
        guard builder.kind != nil else {
            // The first record, which decides the kind: only its `id` key is noted.
            if key == "id" { noteIDKey(index) }
            return nil
        }
        let meaning = builder.key(utf8: key.utf8.span)
        if meaning == .id { noteIDKey(index) }
        objects[slot] = index
        meanings[slot] = meaning
        return meaning
    }

    /// Notes that object `index` is an `id` key.
    private mutating func noteIDKey(_ index: Int) {
        if firstIDKey < 0 { firstIDKey = index } else if firstIDKey != index { keysRepeat = true }
    }
}
