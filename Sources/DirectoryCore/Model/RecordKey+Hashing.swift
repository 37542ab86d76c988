/// How the flat tables keyed by a `RecordKey` (`RecordKeySet`, `RecordKeyMap`) hash it: the
/// session's `baseline` and the saved order look one up per record, so the key is mixed in a
/// few instructions (`WordMix`) rather than through the standard library's SipHash, which
/// `Dictionary` and `Set` use (`hash(into:)`, one word).
///
/// `Hasher` alone (with `Set` in place of `RecordKeySet`) was measured and lost: a script
/// of 100,000 `new` + two `set`s took 0.219 s of CPU instead of 0.183 s (+20 %, and
/// 3 MB more), and editing one of a million people in JSON and saving took 3 % more CPU,
/// where `hasUnsavedChanges` looks up every record's key (whole-process medians of 7 and
/// 11 interleaved runs, release builds).
extension RecordKey {
    /// The key's hash under `seed`: what the flat tables (`RecordKeySet`, `RecordKeyMap`)
    /// place keys by. `Dictionary` and `Set` hash through `Hasher` (`hash(into:)`).
    ///
    /// Equal keys give equal values for the same seed, as `Hashable` requires; the
    /// id's halves and the occurrence all take part.
    public func hash(seed: Int) -> Int {
        let low = id.low ^ UInt64(truncatingIfNeeded: occurrence) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: WordMix.mix(id.high, low, seed: UInt64(UInt(bitPattern: seed))))
    }
}
