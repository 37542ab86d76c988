/// A 64-bit hash of a file's contents, to tell whether another program changed it.
///
/// Works on 8-byte words rather than single bytes (as FNV-1a, used before, did), so
/// hashing a 100 MB file costs milliseconds: each word is xored in, then the state is
/// multiplied by an odd constant into 128 bits whose halves are xored together, so every
/// bit of every word reaches every bit of the result. Fed in pieces, so a save can hash
/// the bytes as it writes them.
struct ContentHash {
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325
    /// Bytes not yet making up a whole word, lowest first.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var length: UInt64 = 0

    /// A hash of nothing yet.
    init() {}

    /// The hash of `bytes`.
    static func of(_ bytes: [UInt8]) -> UInt64 {
        var hash = ContentHash()
        unsafe bytes.withUnsafeBytes { unsafe hash.add($0) }
        return hash.value
    }

    /// Adds the next bytes of the contents.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var index = 0
        while pendingCount > 0, pendingCount < 8, index < bytes.count {
            unsafe pending |= UInt64(bytes[index]) << UInt64(pendingCount * 8)
            pendingCount += 1
            index += 1
        }
        if pendingCount == 8 {
            mix(pending)
            pending = 0
            pendingCount = 0
        }
        while index + 8 <= bytes.count {
            unsafe mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < bytes.count {
            unsafe pending |= UInt64(bytes[index]) << UInt64(pendingCount * 8)
            pendingCount += 1
            index += 1
        }
    }

    /// The hash of everything added.
    var value: UInt64 {
        var copy = self
        if copy.pendingCount > 0 { copy.mix(copy.pending) }
        copy.mix(length)
        // Spread the last words' bits over the whole hash (the finaliser of MurmurHash3).
        var hash = copy.state
        hash = (hash ^ (hash >> 33)) &* 0xff51_afd7_ed55_8ccd
        hash = (hash ^ (hash >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return hash ^ (hash >> 33)
    }

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        let product = (state ^ word).multipliedFullWidth(by: Self.multiplier)
        state = product.high ^ product.low
    }
}
