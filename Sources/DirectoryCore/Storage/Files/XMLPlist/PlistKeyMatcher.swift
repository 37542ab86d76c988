/// Matches a key read as UTF-8 bytes against the schema of a `RecordBuilder`: `.id`,
/// a field's index, or `nil` for a key the schema does not know (and for every key
/// while the schema is not known yet), as `RecordBuilder.key(utf8:)` does, on a span.
///
/// The schema's keys are copied out once it is known, so matching a key costs a few
/// length and byte comparisons and no copy of the schema.
struct PlistKeyMatcher {
    private var keys: [[UInt8]] = []
    private var ready = false

    /// What the key `utf8` is to `builder`.
    @inline(__always)
    mutating func known(_ utf8: Span<UInt8>, builder: RecordBuilder) -> RecordBuilder.KnownKey? {
        if !ready {
            guard let schema = builder.schema else { return nil }
            keys = schema.fields.map { Array($0.name.utf8) }
            ready = true
        }
        let count = utf8.count
        if count == 2, utf8[0] == UInt8(ascii: "i"), utf8[1] == UInt8(ascii: "d") { return .id }
        // Lengths first, then the bytes: this runs for every key of every record.
        for index in keys.indices where keys[index].count == count {
            if Self.equal(keys[index], utf8) { return .field(index) }
        }
        return nil
    }

    /// Whether `key` (of the same length) holds the bytes of `utf8`.
    @inline(__always)
    private static func equal(_ key: [UInt8], _ utf8: Span<UInt8>) -> Bool {
        let key = key.span
        for offset in key.indices where key[offset] != utf8[offset] { return false }
        return true
    }
}
