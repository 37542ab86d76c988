/// Finds the objects of a binary property list through its offset table and
/// decodes their markers, checking every offset, count and reference against
/// the file so that hostile input cannot lead outside the buffer.
///
/// It holds a span of bytes it does not own, so it lives only inside the scope that
/// lends them (`RecordCodec.decode`).
struct BinaryPlistObjectTable: ~Escapable {
    /// The whole file.
    let bytes: Span<UInt8>
    /// The validated trailer.
    let trailer: BinaryPlistTrailer

    /// Reads and validates the header and trailer of `bytes`.
    @_lifetime(copy bytes)
    init(_ bytes: Span<UInt8>) throws(FileFormatError) {
        self.trailer = try BinaryPlistTrailer(validating: bytes)
        self.bytes = bytes
    }

    /// The end of the object area: objects must lie before the offset table.
    var objectAreaEnd: Int { trailer.offsetTableOffset }

    /// The byte offset of object `index`, checked to lie inside the object area.
    func offset(of index: Int) throws(FileFormatError) -> Int {
        guard index >= 0, index < trailer.objectCount else {
            throw FileFormatError(
                "a reference names object \(index), but the file has only "
                    + Counted.text(trailer.objectCount, "object"))
        }
        let entry = trailer.offsetTableOffset + index * trailer.offsetIntSize
        let offset = BinaryPlistTrailer.bigEndian(bytes, at: entry, size: trailer.offsetIntSize)
        guard offset >= UInt64(BinaryPlistTrailer.headerSize), offset < UInt64(objectAreaEnd) else {
            throw FileFormatError(
                "the offset table puts object \(index) at byte \(offset), outside the object area", offset: entry)
        }
        return Int(offset)
    }

    /// The object number stored in reference slot `slot` of a container
    /// (for a dictionary, slots `0..<count` are keys, `count..<2*count` values).
    @inline(__always)
    func reference(in container: BinaryPlistObject, slot: Int) -> Int {
        let size = trailer.objectRefSize
        let value = BinaryPlistTrailer.bigEndian(bytes, at: container.payload + slot * size, size: size)
        return Int(clamping: value)
    }

    /// Decodes the marker of object `index` and checks that its payload fits.
    func object(_ index: Int) throws(FileFormatError) -> BinaryPlistObject {
        let position = try offset(of: index)
        let marker = bytes[position]
        let nibble = Int(marker & 0x0F)
        // A record's dictionary and its short ASCII strings, what a file of records is made of,
        // decoded first; anything else, or one that does not fit, goes the general way.
        if nibble != 0x0F, marker >> 4 == 0xD || marker >> 4 == 0x5 {
            let isDictionary = marker >> 4 == 0xD
            let unit = isDictionary ? 2 &* trailer.objectRefSize : 1
            if nibble <= (objectAreaEnd &- position &- 1) / unit {
                return BinaryPlistObject(
                    index: index, kind: isDictionary ? .dictionary : .asciiString, position: position, marker: marker,
                    payload: position &+ 1, count: nibble)
            }
        }
        let kind: BinaryPlistObject.Kind
        var payload = position + 1
        var count: Int
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: kind = .null
            case 0x08, 0x09: kind = .boolean
            case 0x0F: throw FileFormatError("object \(index) is a fill byte (0x0f), not a value", offset: position)
            default: throw unknownMarker(marker, at: position)
            }
            count = 0
        case 0x1:
            guard nibble <= 4 else { throw unknownMarker(marker, at: position) }
            kind = .integer
            count = 1 << nibble
        case 0x2:
            guard nibble == 2 || nibble == 3 else { throw unknownMarker(marker, at: position) }
            kind = .real
            count = 1 << nibble
        case 0x3:
            guard nibble == 3 else { throw unknownMarker(marker, at: position) }
            kind = .date
            count = 8
        case 0x4, 0x5, 0x6, 0xA, 0xC, 0xD:
            switch marker >> 4 {
            case 0x4: kind = .data
            case 0x5: kind = .asciiString
            case 0x6: kind = .utf16String
            case 0xA: kind = .array
            case 0xC: kind = .set
            default: kind = .dictionary
            }
            (count, payload) = try extendedCount(nibble: nibble, at: position)
        case 0x8:
            throw FileFormatError(
                "object \(index) is a uid (a keyed-archiver reference), which a list of records cannot hold",
                offset: position)
        default:
            throw unknownMarker(marker, at: position)
        }
        let unit: Int
        switch kind {
        case .utf16String: unit = 2
        case .array, .set: unit = trailer.objectRefSize
        case .dictionary: unit = 2 * trailer.objectRefSize
        default: unit = 1
        }
        let available = objectAreaEnd - payload
        guard available >= 0, count <= available / unit else {
            throw FileFormatError(
                "object \(index) (\(kind.description)) needs \(count) × \(unit) bytes, but only \(max(available, 0)) remain before the offset table",
                offset: position)
        }
        return BinaryPlistObject(
            index: index, kind: kind, position: position, marker: marker, payload: payload, count: count)
    }

    /// Reads the length of a data, string or container object: the marker's
    /// low nibble, or for `0xF` the integer object that follows the marker.
    private func extendedCount(nibble: Int, at position: Int) throws(FileFormatError) -> (count: Int, payload: Int) {
        guard nibble == 0x0F else { return (nibble, position + 1) }
        let intMarker = position + 1
        guard intMarker < objectAreaEnd else {
            throw FileFormatError("the length of the object at byte \(position) is missing", offset: position)
        }
        let marker = bytes[intMarker]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
            throw FileFormatError(
                "the length of the object at byte \(position) is not an integer of 1 to 8 bytes", offset: intMarker)
        }
        let size = 1 << Int(marker & 0x0F)
        guard size <= objectAreaEnd - intMarker - 1 else {
            throw FileFormatError("the length of the object at byte \(position) is truncated", offset: intMarker)
        }
        let value = BinaryPlistTrailer.bigEndian(bytes, at: intMarker + 1, size: size)
        guard value <= UInt64(Int.max) else {
            throw FileFormatError("the object at byte \(position) has an impossible length", offset: intMarker)
        }
        return (Int(value), intMarker + 1 + size)
    }

    /// The error for a marker byte that is no object type of `bplist00`.
    private func unknownMarker(_ marker: UInt8, at position: Int) -> FileFormatError {
        let hex = String(marker, radix: 16)
        return FileFormatError("unknown object type 0x\(hex.count == 1 ? "0" + hex : hex)", offset: position)
    }
}
