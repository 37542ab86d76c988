/// A fast keyed mix of two 64-bit words into one, for the hash tables a list of a
/// million records fills on every load and change (`RecordKey`, `RecordKeySet`).
///
/// The full 128-bit product of the two words, each xored with a per-process key, is
/// folded to 64 bits (as wyhash does) and its bits spread once more (MurmurHash3's
/// finaliser), so the low bits a table indexes by depend on every input bit; the keys
/// keep a hand-made file from choosing ids that collide.
enum WordMix {
    /// Two random keys, drawn once per process from the standard library's seeded hasher.
    static let keys: (UInt64, UInt64) = {
        var hasher = Hasher()
        hasher.combine(0x5851_F42D_4C95_7F2D as UInt64)
        let first = UInt64(UInt(bitPattern: hasher.finalize()))
        hasher = Hasher()
        hasher.combine(first)
        return (first, UInt64(UInt(bitPattern: hasher.finalize())))
    }()

    /// `a` and `b` mixed under `seed` and the process's keys.
    @inline(__always)
    static func mix(_ a: UInt64, _ b: UInt64, seed: UInt64 = 0) -> UInt64 {
        let product = (a ^ keys.0).multipliedFullWidth(by: b ^ seed ^ keys.1)
        var hash = product.high ^ product.low
        hash = (hash ^ (hash >> 33)) &* 0xff51_afd7_ed55_8ccd
        return hash ^ (hash >> 33)
    }
}
