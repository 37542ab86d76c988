/// How dictionaries and sets hash a `RecordKey`: the session's `baseline` and every
/// merge hash one per record touched, so the key is mixed in a few instructions
/// (`WordMix`) rather than through the standard library's SipHash.
extension RecordKey {
    /// The key's hash under `seed`, which Swift's `Dictionary` and `Set` ask for directly.
    ///
    /// Equal keys give equal values for the same seed, as `Hashable` requires; the
    /// id's halves and the occurrence all take part.
    public func _rawHashValue(seed: Int) -> Int {
        let low = id.low ^ UInt64(truncatingIfNeeded: occurrence) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: WordMix.mix(id.high, low, seed: UInt64(UInt(bitPattern: seed))))
    }
}
