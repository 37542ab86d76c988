/// A fast 64-bit hash of a run of bytes, for the hash tables of the file readers
/// and writers (never stored, so it may change between versions).
enum ByteHash {
    /// The hash of `bytes`; every input byte reaches every bit, the high 32 bits included.
    @inline(__always)
    static func of(_ bytes: Span<UInt8>) -> UInt64 {
        let count = bytes.count
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        var index = 0
        while let word = bytes.word64(ifFitsAt: index) {
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 32)
    }
}
