/// The 32 bytes at the end of a binary property list (`bplist00`), which say
/// where the offset table is and how wide its entries and the object
/// references are.
///
/// `init(validating:)` checks every field against the size of the file, so
/// that later reads only need to check single objects.
struct BinaryPlistTrailer: Equatable {
    /// The size of the trailer in bytes.
    static let size = 32
    /// The size of the `bplist00` header.
    static let headerSize = 8

    /// Bytes per entry of the offset table, 1 to 8.
    let offsetIntSize: Int
    /// Bytes per object reference inside arrays and dictionaries, 1 to 8.
    let objectRefSize: Int
    /// How many objects (and offset table entries) there are.
    let objectCount: Int
    /// The index of the top-level object.
    let topObject: Int
    /// Where the offset table starts; objects lie between the header and here.
    let offsetTableOffset: Int

    /// Reads and checks the header and trailer of `bytes`.
    init(validating bytes: Span<UInt8>) throws(FileFormatError) {
        let minimum = Self.headerSize + 2 + Self.size
        var hasMagic = bytes.count >= 7
        for (index, byte) in "bplist0".utf8.enumerated() where hasMagic { hasMagic = bytes[index] == byte }
        guard hasMagic else {
            throw FileFormatError(
                "the file does not start with 'bplist00', so it is not a binary property list", offset: 0)
        }
        guard bytes.count >= minimum else {
            throw FileFormatError(
                "the binary property list is truncated: it has \(bytes.count) bytes, at least \(minimum) are needed")
        }
        let start = bytes.count - Self.size
        offsetIntSize = Int(bytes[start + 6])
        objectRefSize = Int(bytes[start + 7])
        guard (1...8).contains(offsetIntSize) else {
            throw FileFormatError(
                "the trailer gives an offset size of \(offsetIntSize) bytes, expected 1 to 8 (the file may be truncated)",
                offset: start + 6)
        }
        guard (1...8).contains(objectRefSize) else {
            throw FileFormatError(
                "the trailer gives an object reference size of \(objectRefSize) bytes, expected 1 to 8 (the file may be truncated)",
                offset: start + 7)
        }
        let count = Self.bigEndian(bytes, at: start + 8)
        let top = Self.bigEndian(bytes, at: start + 16)
        let table = Self.bigEndian(bytes, at: start + 24)
        guard table >= UInt64(Self.headerSize + 1), table < UInt64(start) else {
            throw FileFormatError(
                "the trailer puts the offset table at byte \(table), outside the object area (bytes 9 to \(start - 1))",
                offset: start + 24)
        }
        offsetTableOffset = Int(table)
        let room = (start - offsetTableOffset) / offsetIntSize
        guard count >= 1, count <= UInt64(room) else {
            throw FileFormatError(
                "the trailer claims \(Counted.text(count, "object")), but the offset table has room for \(room)",
                offset: start + 8)
        }
        objectCount = Int(count)
        guard top < count else {
            throw FileFormatError(
                "the trailer names object \(top) as the top object, but there are only "
                    + Counted.text(count, "object"),
                offset: start + 16)
        }
        topObject = Int(top)
        if objectRefSize < 8, (count - 1) >> UInt64(8 * objectRefSize) != 0 {
            throw FileFormatError(
                "the trailer's object reference size (\(objectRefSize) bytes) is too small for \(count) objects",
                offset: start + 7)
        }
    }

    /// Reads an unsigned big-endian integer of `size` (1 to 8) bytes at `position`,
    /// which the caller has checked to lie inside `bytes` (the load is checked again).
    @inline(__always)
    static func bigEndian(_ bytes: Span<UInt8>, at position: Int, size: Int = 8) -> UInt64 {
        // One checked word load where eight bytes remain, as they do but near the end.
        if position <= bytes.count &- 8 {
            return UInt64(bigEndian: bytes.word64(at: position)) >> UInt64(64 &- 8 &* size)
        }
        var value: UInt64 = 0
        for index in position..<(position + size) {
            value = value << 8 | UInt64(bytes[index])
        }
        return value
    }
}
