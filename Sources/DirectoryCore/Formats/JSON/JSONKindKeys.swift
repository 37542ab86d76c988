/// The keys of a kind as `RecordBuilder.key(utf8:)` matches them, and which fields hold text:
/// what the JSON reader and the one-shot `find` scan compare a record's keys with.
struct KindKeys {
    /// The fields' keys as UTF-8, end to end, and where each starts (and the last ends).
    let keyBytes: [UInt8]
    let keyStarts: [Int]
    /// Whether each field holds text.
    let isText: [Bool]
    /// Each key as written without white space, `"name":`, by slot (0 the id, 1 + n field n),
    /// end to end, and where each starts (and the last ends).
    let tokenBytes: [UInt8]
    let tokenStarts: [Int]
    /// The slot before a record's first key.
    static let opening = 65

    /// No keys, until the kind is known.
    init() {
        keyBytes = []
        keyStarts = [0]
        isText = []
        tokenBytes = []
        tokenStarts = [0]
    }

    init(_ kind: ListKind) {
        keyBytes = kind.fields.flatMap { Array($0.name.utf8) }
        keyStarts = kind.fields.reduce(into: [0]) { $0.append(($0.last ?? 0) + $1.name.utf8.count) }
        isText = kind.fields.map(\.isText)
        let tokens = (["id"] + kind.fields.map(\.name)).map { Array("\"\($0)\":".utf8) }
        tokenBytes = tokens.flatMap { $0 }
        tokenStarts = tokens.reduce(into: [0]) { $0.append(($0.last ?? 0) + $1.count) }
    }

    /// The slot of `key`: 0 for the id, 1 + n for field n.
    static func slot(of key: RecordBuilder.KnownKey) -> Int {
        switch key {
        case .id: return 0
        case .field(let index): return index + 1
        }
    }

    /// The key of `slot`.
    static func key(ofSlot slot: Int) -> RecordBuilder.KnownKey {
        slot == 0 ? .id : .field(slot - 1)
    }

    /// The length of the token of `slot`.
    func tokenLength(_ slot: Int) -> Int { tokenStarts[slot + 1] - tokenStarts[slot] }

    /// Whether the token of `slot` (a key's slot, not `opening`) is at `position` of `bytes`.
    @inline(__always)
    func isToken(_ slot: Int, at position: Int, in bytes: Span<UInt8>) -> Bool {
        guard slot + 1 < tokenStarts.count else { return false }
        let start = tokenStarts[slot]
        let length = tokenStarts[slot + 1] - start
        guard bytes.count - position >= length else { return false }
        return bytes.extracting(position..<position + length).hasSameBytes(
            as: tokenBytes.span.extracting(start..<start + length))
    }

    /// `.id`, a field's index, or `nil` for any other key: what the builder says of it.
    @inline(__always)
    func key(utf8 bytes: Span<UInt8>) -> RecordBuilder.KnownKey? {
        let count = bytes.count
        if count == 2, bytes[0] == UInt8(ascii: "i"), bytes[1] == UInt8(ascii: "d") { return .id }
        let keys = keyBytes.span
        for index in 0..<(keyStarts.count - 1) {
            let start = keyStarts[index]
            let end = keyStarts[index + 1]
            if end - start == count, keys.extracting(start..<end).hasSameBytes(as: bytes) { return .field(index) }
        }
        return nil
    }
}

/// What the JSON reader guesses a record's next key to be: the key that followed the same
/// key in the last record (files written by one program keep one order), compared whole,
/// `"name":`, before the key is scanned byte by byte. A wrong guess costs one comparison.
struct JSONKeyGuesses {
    /// The kind's keys, once the builder knows the kind.
    var keys = KindKeys()
    /// Whether `keys` are the kind's.
    var knowsKind = false
    /// For each key's slot (`KindKeys.slot(of:)`, and `KindKeys.opening`), the slot of the
    /// key that followed it in the last record.
    var next = InlineArray<66, UInt8>(repeating: 0)
}
