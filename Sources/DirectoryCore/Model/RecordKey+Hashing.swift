/// How dictionaries and sets hash a `RecordKey`, and the flat tables keyed by it
/// (`RecordKeySet`, `RecordKeyMap`): the session's `baseline` and every merge hash one per
/// record, so the key is mixed in a few instructions (`WordMix`) rather than through the
/// standard library's SipHash.
///
/// `Hasher` alone (with `Set` in place of `RecordKeySet`) was measured and lost: a script
/// of 100,000 `new` + two `set`s took 0.219 s of CPU instead of 0.183 s (+20 %, and
/// 3 MB more), and editing one of a million people in JSON and saving took 3 % more CPU,
/// where `hasUnsavedChanges` looks up every record's key (whole-process medians of 7 and
/// 11 interleaved runs, release builds).
extension RecordKey {
    /// The key's hash under `seed`: what `Dictionary` and `Set` use, and what `RecordKeySet`
    /// places keys by.
    ///
    /// Equal keys give equal values for the same seed, as `Hashable` requires; the
    /// id's halves and the occurrence all take part.
    public func hash(seed: Int) -> Int {
        let low = id.low ^ UInt64(truncatingIfNeeded: occurrence) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: WordMix.mix(id.high, low, seed: UInt64(UInt(bitPattern: seed))))
    }

    /// `hash(seed:)`, which Swift's `Dictionary` and `Set` ask for directly. This underscored
    /// requirement of `Hashable` is the only way to give them a hash that does not go through
    /// `Hasher`; the standard library has no public spelling of it. Without it a save that
    /// merges a million records took 3.8 % more instructions (`Hasher` in the merge report's
    /// table of every record's version before); the baseline and order positions no longer
    /// need it (`RecordKeyMap`), the merge's tables still do (docs/performance.md).
    public func _rawHashValue(seed: Int) -> Int {
        hash(seed: seed)
    }
}
