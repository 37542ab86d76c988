/// The `<key>…</key>` of each key a kind knows (`id`, then its fields), as words, so that
/// the XML reader matches a record's whole key element at once, a word or two, instead of
/// scanning for its end, checking its UTF-8 and looking its text up among the kind's keys.
///
/// A key written any other way (with an entity, a CDATA section, a comment) matches
/// none and is read by the general path; a match is exactly the key it names, since
/// each tag holds the key's text escaped as `XMLPlistRecordWriter` writes it.
struct XMLPlistKeyTags {
    /// Each key's tag in words, first byte lowest, the last word padded with zeros;
    /// key `code`'s words are `words[wordStarts[code]..<wordStarts[code + 1]]`.
    private let words: [UInt64]
    private let wordStarts: [Int]
    /// The number of bytes of each key's tag.
    private let counts: [Int]

    /// The tags of `kind`'s keys, by key code (`KeyOrder.idCode`, then each field's).
    init(kind: ListKind) {
        var words: [UInt64] = []
        var wordStarts = [0]
        var counts: [Int] = []
        for name in ["id"] + kind.fields.map(\.name) {
            var tag: [UInt8] = []
            XMLPlistRecordWriter.appendKey(name, indentation: 0, to: &tag)
            tag.removeLast()  // the line's end
            counts.append(tag.count)
            for start in stride(from: 0, to: tag.count, by: 8) {
                var word: UInt64 = 0
                for index in start..<min(start + 8, tag.count) {
                    word |= UInt64(tag[index]) << UInt64(8 * (index - start))
                }
                words.append(word)
            }
            wordStarts.append(words.count)
        }
        self.words = words
        self.wordStarts = wordStarts
        self.counts = counts
    }

    /// The number of keys: `id` and the kind's fields.
    var count: Int { counts.count }

    /// Whether the bytes at `offset` are the tag of the key of `code`; a tag ending less
    /// than eight bytes before the end of `bytes` is not matched (the general path reads it).
    @inline(__always)
    func matches(_ code: Int, in bytes: Span<UInt8>, at offset: Int) -> Bool {
        let count = counts[code]
        guard offset >= 0, bytes.count - offset >= count &+ 8 else { return false }
        var wordIndex = wordStarts[code]
        var index = 0
        while index &+ 8 <= count {
            guard UInt64(littleEndian: bytes.word64(at: offset &+ index)) == words[wordIndex] else { return false }
            index &+= 8
            wordIndex &+= 1
        }
        let rest = count &- index
        guard rest > 0 else { return true }
        let mask: UInt64 = (1 << UInt64(8 &* rest)) &- 1
        return UInt64(littleEndian: bytes.word64(at: offset &+ index)) & mask == words[wordIndex]
    }

    /// The number of bytes of the tag of the key of `code`.
    @inline(__always)
    func byteCount(_ code: Int) -> Int { counts[code] }
}
