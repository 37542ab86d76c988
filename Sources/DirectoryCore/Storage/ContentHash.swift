/// The 64-bit hash of contents: of a list file, for its `FileVersion` (whether another
/// program changed the file since it was read), and of each entry of a recovery journal,
/// as its checksum.
///
/// Four lanes take 32 bytes at a time, each multiply independent of the others, so a
/// processor runs them side by side: hashing a 100 MB list on every load and save costs
/// a few milliseconds. Each word is xored into its lane, then the lane is multiplied by
/// an odd constant into 128 bits whose halves are xored together, so every bit of every
/// word reaches every bit of the result. Fed in pieces of any size; the value depends
/// only on the bytes. Recovery journals keep these values: a change here needs a new
/// journal format (`RecoveryJournal.magic`).
package struct ContentHash: Sendable {
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (
        0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x2545_F491_4F6C_DD1D, 0x9FB2_1C65_1E98_DF25
    )
    /// Bytes not yet making up a whole block of 32, in order.
    private var pending: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var pendingCount = 0
    private var length: UInt64 = 0

    /// A hash of nothing yet.
    package init() {}

    /// The hash of `bytes`.
    static func of(_ bytes: [UInt8]) -> UInt64 {
        var hash = ContentHash()
        bytes.span.withRawBytes { hash.add($0) }
        return hash.value
    }

    /// Adds the next bytes of the contents.
    package mutating func add(_ bytes: RawSpan) {
        // Whole blocks are loaded without a bounds check each: the loop keeps its own.
        unsafe bytes.withUnsafeBytes { unsafe add(buffer: $0) }
    }

    /// Adds the bytes of `bytes`, which are read during the call only.
    private mutating func add(buffer bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var index = 0
        if pendingCount > 0 {
            let taken = min(32 - pendingCount, bytes.count)
            unsafe withUnsafeMutableBytes(of: &pending) { block in
                for offset in 0..<taken { unsafe block[pendingCount + offset] = unsafe bytes[offset] }
            }
            pendingCount += taken
            index = taken
            guard pendingCount == 32 else { return }
            let block = pending
            mix(block.0, block.1, block.2, block.3)
            pendingCount = 0
        }
        while index + 32 <= bytes.count {
            unsafe mix(
                bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self),
                bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self),
                bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self),
                bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
            index += 32
        }
        if index < bytes.count {
            pending = (0, 0, 0, 0)
            unsafe withUnsafeMutableBytes(of: &pending) { block in
                for offset in 0..<(bytes.count - index) { unsafe block[offset] = unsafe bytes[index + offset] }
            }
            pendingCount = bytes.count - index
        }
    }

    /// The hash of everything added.
    package var value: UInt64 {
        var copy = self
        if copy.pendingCount > 0 {
            let block = copy.pending
            copy.mix(block.0, block.1, block.2, block.3)
        }
        var hash = copy.lanes.0
        hash = Self.folded(hash, copy.lanes.1)
        hash = Self.folded(hash, copy.lanes.2)
        hash = Self.folded(hash, copy.lanes.3)
        hash = Self.folded(hash, copy.length)
        // Spread the last words' bits over the whole hash (the finaliser of MurmurHash3).
        hash = (hash ^ (hash >> 33)) &* 0xff51_afd7_ed55_8ccd
        hash = (hash ^ (hash >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return hash ^ (hash >> 33)
    }

    /// `hash` with `word` mixed in: one multiply, its halves xored.
    @inline(__always)
    private static func folded(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let product = (hash ^ word).multipliedFullWidth(by: multiplier)
        return product.high ^ product.low
    }

    @inline(__always)
    private mutating func mix(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) {
        let p0 = (lanes.0 ^ UInt64(littleEndian: a)).multipliedFullWidth(by: Self.multiplier)
        let p1 = (lanes.1 ^ UInt64(littleEndian: b)).multipliedFullWidth(by: Self.multiplier)
        let p2 = (lanes.2 ^ UInt64(littleEndian: c)).multipliedFullWidth(by: Self.multiplier)
        let p3 = (lanes.3 ^ UInt64(littleEndian: d)).multipliedFullWidth(by: Self.multiplier)
        lanes = (p0.high ^ p0.low, p1.high ^ p1.low, p2.high ^ p2.low, p3.high ^ p3.low)
    }
}
