/// The record ids a one-shot `find` has passed, as 64-bit fingerprints, to tell whether two
/// records may share an id: the list a session loads then warns of it
/// (`Session.repeatedIDWarning`), so the scan must not print without that check.
///
/// Two equal ids always give equal fingerprints; two different ids give equal ones with a
/// chance of about one in ten million for a million records, and either way
/// `mayRepeat` says so and the scan leaves the file to the full load, which tells exactly.
/// The fingerprints are kept in an array (8 bytes a record) and checked once at the end as
/// `RecordKey.numberOccurrences` checks a list: a bit set of 16 bits a record, which stays
/// in the processor's caches, marks the bits two fingerprints share, and only the
/// fingerprints on those bits are compared in a `Set`.
struct IDFingerprints {
    /// The fingerprints, in pieces of `pieceSize`, so that growing never copies them all.
    private var pieces: [[UInt64]] = []
    private static let pieceSize = 1 << 16

    /// An empty set.
    init() {}

    /// Adds `id`.
    @inline(__always)
    mutating func insert(_ id: RecordID) {
        if pieces.isEmpty || pieces[pieces.count - 1].count == Self.pieceSize {
            pieces.append([])
            pieces[pieces.count - 1].reserveCapacity(Self.pieceSize)
        }
        pieces[pieces.count - 1].append(Self.fingerprint(id))
    }

    /// Adds the ids of `other` (a tail's scan, joined after this one's).
    mutating func append(contentsOf other: IDFingerprints) {
        pieces.append(contentsOf: other.pieces)
    }

    /// Whether two of the ids added may be the same.
    func mayRepeat() -> Bool {
        let count = pieces.reduce(0) { $0 + $1.count }
        var size = 1024
        while size < count * 16 { size <<= 1 }
        let shift = UInt64(64 - size.trailingZeroBitCount)
        var taken = [UInt64](repeating: 0, count: size / 64)
        var shared = [UInt64](repeating: 0, count: size / 64)
        for piece in pieces {
            for print in piece {
                let bit = Int(truncatingIfNeeded: print >> shift)
                let mask: UInt64 = 1 << UInt64(bit & 63)
                if taken[bit >> 6] & mask != 0 { shared[bit >> 6] |= mask }
                taken[bit >> 6] |= mask
            }
        }
        var seen = Set<UInt64>()
        for piece in pieces {
            for print in piece {
                let bit = Int(truncatingIfNeeded: print >> shift)
                guard shared[bit >> 6] & (1 << UInt64(bit & 63)) != 0 else { continue }
                if !seen.insert(print).inserted { return true }
            }
        }
        return false
    }

    /// A well-mixed 64 bits of `id` (MurmurHash3's finalizer over both halves): its top bits
    /// choose the bit in `mayRepeat`.
    @inline(__always)
    private static func fingerprint(_ id: RecordID) -> UInt64 {
        mix(id.high ^ mix(id.low &+ 0x9E37_79B9_7F4A_7C15))
    }

    /// MurmurHash3's 64-bit finalizer: every bit of `value` moves every bit of the result.
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var bits = value
        bits ^= bits >> 33
        bits &*= 0xFF51_AFD7_ED55_8CCD
        bits ^= bits >> 33
        bits &*= 0xC4CE_B9FE_1A85_EC53
        bits ^= bits >> 33
        return bits
    }
}
