/// A fast keyed mix of two 64-bit words into one, for the hash tables a list of a
/// million records fills on every load and change (`RecordKey`, `WordSet`).
///
/// The full 128-bit product folded to 64 bits (as wyhash does) spreads every input bit,
/// and the per-process key keeps a hand-made file from choosing ids that collide.
enum WordMix {
    /// A random key, drawn once per process from the standard library's seeded hasher.
    static let key: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x5851_F42D_4C95_7F2D as UInt64)
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }()

    /// `a` and `b` mixed under `seed` and the process's key.
    @inline(__always)
    static func mix(_ a: UInt64, _ b: UInt64, seed: UInt64 = 0) -> UInt64 {
        let left = a ^ key ^ 0xA076_1D64_78BD_642F
        let right = b ^ seed ^ 0xE703_7ED1_A0B4_28DB
        let product = left.multipliedFullWidth(by: right)
        return product.high ^ product.low
    }
}
