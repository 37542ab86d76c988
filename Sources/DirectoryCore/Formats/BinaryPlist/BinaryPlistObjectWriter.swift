/// Writes the objects of a binary property list in one pass, in the order and
/// form `PropertyListEncoder` uses: objects are numbered in pre-order (a
/// container, then its keys, then its values), equal scalars (strings,
/// numbers, dates, data, booleans) are written once and shared, integers take
/// the fewest of 1, 2, 4 or 8 bytes, and ASCII strings are `0x5n` while other
/// strings are UTF-16 big-endian `0x6n`. Two choices differ from it for
/// speed, never in meaning: record identifiers are not looked up among the
/// other strings (the record writer shares the ones that repeat).
///
/// Given `.unshared` (`BinaryPlistObjectSharing`), it writes as `PropertyListSerialization`
/// does instead: each value where it occurs, but for the few numbers and the booleans
/// CoreFoundation keeps one object of.
///
/// Object numbers are not known until the objects are written, so references
/// are first written as wide as `objectBound` (an upper bound of the object
/// count) needs; `finish()` narrows them if sharing left fewer objects.
struct BinaryPlistObjectWriter {
    /// A container whose references are still to be filled in.
    struct Container {
        /// The container's object number.
        let object: Int
        /// Where its reference placeholders start in the output.
        let references: Int
    }

    private var output: [UInt8]
    private var starts: [Int] = []
    private var uniques = BinaryPlistUniquingTable()
    /// The encoding of the scalar being written, before it is looked up for sharing:
    /// only a value not seen before is copied to the output.
    private var scratch: [UInt8] = []
    /// The width of references while objects are being written.
    private let referenceSize: Int
    /// Which equal objects are written once.
    let sharing: BinaryPlistObjectSharing
    /// With `.unshared`, the first object of `false` and of `true`, once written.
    private var firstBooleans = (false: -1, true: -1)
    /// The number of the first object written here, and where in the file it goes: 0 and 0
    /// for a whole file, the old file's object count and offset table offset (moved) for
    /// the tail of objects appended to it (`init(appendingTo:at:referenceSize:)`).
    private var firstObject = 0
    private var firstByte = 0

    /// Creates a writer for a file of about `capacity` bytes and at most `objectBound`
    /// objects, which shares equal objects as `sharing` says.
    init(capacity: Int, objectBound: Int, sharing: BinaryPlistObjectSharing = .shared) {
        self.sharing = sharing
        output = []
        output.reserveCapacity(max(capacity, 64))
        starts.reserveCapacity(max(min(objectBound, capacity / 2), 1))
        scratch.reserveCapacity(256)
        output.append(contentsOf: "bplist00".utf8)
        referenceSize = sharing.size(for: objectBound)
    }

    /// Creates a writer of the objects that follow the first `objects` of a file (which it
    /// does not write), starting at byte `offset`, references `referenceSize` wide, equal
    /// objects shared: for a save that copies the old objects and appends the new.
    init(appendingTo objects: Int, at offset: Int, referenceSize: Int) {
        sharing = .shared
        output = []
        output.reserveCapacity(4096)
        scratch.reserveCapacity(256)
        self.referenceSize = referenceSize
        firstObject = objects
        firstByte = offset
    }

    /// Notes that object `object`, written before this writer's first, is the string of
    /// valid UTF-8 `raw`; `false` when another object was noted as that string.
    mutating func noteString(utf8 raw: Span<UInt8>, object: Int) -> Bool {
        let found = existingString(utf8: raw, newObject: object)
        return found == nil || found == object
    }

    /// The bytes written, and where in the file each object starts (for a writer of appended
    /// objects, `init(appendingTo:at:referenceSize:)`).
    func appended() -> (bytes: [UInt8], starts: [Int]) {
        (output, starts)
    }

    /// Writes the marker and count of an array (`0xA0`) or dictionary (`0xD0`) and
    /// reserves `references` references (2 × `count` for a dictionary).
    mutating func beginContainer(marker: UInt8, count: Int, references: Int) -> Container {
        let object = objectCount
        starts.append(firstByte &+ output.count)
        BinaryPlistEncoding.appendHeader(marker, count: count, to: &output)
        let position = output.count
        BinaryPlistEncoding.appendZeros(references * referenceSize, to: &output)
        return Container(object: object, references: position)
    }

    /// Fills reference `slot` of `container` with `object`.
    mutating func setReference(_ container: Container, slot: Int, to object: Int) {
        let size = referenceSize
        var bytes = output.mutableSpan
        BinaryPlistEncoding.store(object, size: size, at: container.references + slot * size, in: &bytes)
    }

    /// Fills the references of `container` from slot `first` on with `objects`, in one pass.
    mutating func setReferences(_ container: Container, from first: Int, to objects: Span<Int>) {
        let size = referenceSize
        var bytes = output.mutableSpan
        var position = container.references + first * size
        for index in objects.indices {
            BinaryPlistEncoding.store(objects[index], size: size, at: position, in: &bytes)
            position += size
        }
    }

    /// Writes (or finds) a string object and returns its number.
    mutating func string(_ text: String) -> Int {
        var text = text
        text.makeContiguousUTF8()
        return string(utf8: text.utf8.span)
    }

    /// Writes (or finds) the string object of valid UTF-8 `raw` and returns its number.
    mutating func string(utf8 raw: Span<UInt8>) -> Int {
        let isASCII = UTF8Text.isASCII(raw.rawBytes)
        let object = objectCount
        if let existing = existingString(utf8: raw, isASCII: isASCII, newObject: object) { return existing }
        starts.append(firstByte &+ output.count)
        if isASCII {
            BinaryPlistEncoding.appendHeader(0x50, count: raw.count, to: &output)
            output.append(raw)
        } else {
            BinaryPlistEncoding.appendString(raw, to: &output)
        }
        return object
    }

    /// The number of the object written next.
    var objectCount: Int { firstObject &+ starts.count }

    /// The object of a string equal to valid UTF-8 `raw` written (or noted) before; otherwise
    /// `nil`, noting that `object` will be that string. Nothing is noted, and `nil` returned,
    /// when equal strings are not shared.
    mutating func existingString(utf8 raw: Span<UInt8>, newObject object: Int) -> Int? {
        existingString(utf8: raw, isASCII: UTF8Text.isASCII(raw.rawBytes), newObject: object)
    }

    @inline(__always)
    private mutating func existingString(utf8 raw: Span<UInt8>, isASCII: Bool, newObject object: Int) -> Int? {
        // A string is looked up by its UTF-8 behind a header of its own: an ASCII string's
        // is its encoding's (marker `0x5n` and length), other text's a marker no object
        // has (`0x7n`) and its UTF-8 length, so that text is transcoded to UTF-16 only
        // when it was not written before, and no other object's encoding can equal it.
        guard sharing == .shared, let header = Self.lookupHeader(marker: isASCII ? 0x50 : 0x70, count: raw.count)
        else { return nil }
        return uniques.existingObject(header: header, body: raw, newObject: object)
    }

    /// Writes the string object of valid UTF-8 `raw` as the next object, without looking
    /// it up (`existingString` noted it); returns its number.
    mutating func newString(utf8 raw: Span<UInt8>) -> Int {
        starts.append(firstByte &+ output.count)
        BinaryPlistEncoding.appendString(raw, to: &output)
        return objectCount - 1
    }

    /// The object of a date of `seconds` written (or noted) before; otherwise `nil`, noting
    /// that `object` will be that date (when equal dates are shared).
    mutating func existingDate(_ seconds: Double, newObject object: Int) -> Int? {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(0x33)
        BinaryPlistEncoding.appendBigEndian(seconds.bitPattern, size: 8, to: &scratch)
        guard sharing == .shared || BinaryPlistObjectSharing.isKeptOnce(scratch.span) else { return nil }
        return uniques.existingObject(for: scratch, newObject: object)
    }

    /// Writes a date of `seconds` as the next object, without looking it up
    /// (`existingDate` noted it); returns its number.
    mutating func newDate(_ seconds: Double) -> Int {
        starts.append(firstByte &+ output.count)
        output.append(0x33)
        BinaryPlistEncoding.appendBigEndian(seconds.bitPattern, size: 8, to: &output)
        return objectCount - 1
    }

    /// Writes a dictionary (`0xD0`) of `count / 2` pairs whose key objects then value
    /// objects are the first `count` of `objects`, in one piece, as the next object;
    /// returns its number.
    mutating func dictionary(_ objects: [Int], count: Int) -> Int {
        starts.append(firstByte &+ output.count)
        let size = referenceSize
        // The header takes at most 10 bytes; each reference is stored as a whole word whose
        // bytes past its size are taken back, so the room holds 8 bytes more.
        output.append(atMost: 18 + count * size) { raw in
            BinaryPlistEncoding.appendHeader(0xD0, count: count / 2, to: &raw)
            let shift = UInt64(64 - 8 * size)
            for index in 0..<count {
                raw.append(word64: (UInt64(truncatingIfNeeded: objects[index]) << shift).bigEndian)
                raw.removeLast(8 - size)
            }
        }
        return objectCount - 1
    }

    /// A string's header for the table of written objects: `marker` with `count` in its low
    /// nibble, or `0xF` and `count` as an integer object of 1, 2 or 4 bytes; `nil` for a
    /// count that does not fit in 32 bits (such a string is written without sharing).
    @inline(__always)
    private static func lookupHeader(marker: UInt8, count: Int) -> BinaryPlistUniquingTable.Header? {
        var header = BinaryPlistUniquingTable.Header()
        if count < 15 {
            header.append(marker | UInt8(truncatingIfNeeded: count))
            return header
        }
        header.append(marker | 0x0F)
        switch count {
        case 0..<0x100:
            header.append(0x10)
        case 0x100..<0x1_0000:
            header.append(0x11)
            header.append(UInt8(truncatingIfNeeded: count >> 8))
        case 0x1_0000..<0x1_0000_0000:
            header.append(0x12)
            header.append(UInt8(truncatingIfNeeded: count >> 24))
            header.append(UInt8(truncatingIfNeeded: count >> 16))
            header.append(UInt8(truncatingIfNeeded: count >> 8))
        default:
            return nil
        }
        header.append(UInt8(truncatingIfNeeded: count))
        return header
    }

    /// Writes the uppercase string form of `id` and returns its number.
    ///
    /// Identifiers are unique in a list, so they are not looked up for sharing:
    /// that keeps the sharing table small and fast.
    mutating func recordID(_ id: RecordID) -> Int {
        starts.append(firstByte &+ output.count)
        output.append(atMost: 39) { raw in
            // An ASCII string (0x5F) whose length, 36, follows as a 1-byte integer (0x10).
            raw.append(0x5F)
            raw.append(0x10)
            raw.append(36)
            id.writeUTF8(to: &raw)
        }
        return objectCount - 1
    }

    /// Writes (or finds) an integer object: non-negative values in the fewest of
    /// 1, 2 or 4 bytes, everything else in 8 bytes.
    mutating func integer(_ value: Int64) -> Int {
        scratch.removeAll(keepingCapacity: true)
        BinaryPlistEncoding.appendInteger(value, to: &scratch)
        return intern()
    }

    /// Writes (or finds) an 8-byte real (`0x23`).
    mutating func real(_ value: Double) -> Int {
        scalar(0x23, bits: value.bitPattern)
    }

    /// Writes (or finds) a 4-byte real (`0x22`).
    mutating func float(_ value: Float) -> Int {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(0x22)
        BinaryPlistEncoding.appendBigEndian(UInt64(value.bitPattern), size: 4, to: &scratch)
        return intern()
    }

    /// Writes (or finds) an integer above `Int64.max` as Foundation does: 16 bytes
    /// (`0x14`), the high eight zero.
    mutating func unsignedInteger(_ value: UInt64) -> Int {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(0x14)
        BinaryPlistEncoding.appendBigEndian(0, size: 8, to: &scratch)
        BinaryPlistEncoding.appendBigEndian(value, size: 8, to: &scratch)
        return intern()
    }

    /// Writes (or finds) the null object (`0x00`).
    mutating func null() -> Int {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(0x00)
        return intern()
    }

    /// Writes (or finds) a date (`0x33`) of `seconds` since 2001-01-01.
    mutating func date(_ seconds: Double) -> Int {
        scalar(0x33, bits: seconds.bitPattern)
    }

    /// Writes (or finds) `true` (`0x09`) or `false` (`0x08`). With `.unshared`, every
    /// boolean is written, and its places refer to the first of its value.
    mutating func bool(_ value: Bool) -> Int {
        guard sharing == .unshared else {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(value ? 0x09 : 0x08)
            return intern()
        }
        let object = objectCount
        starts.append(firstByte &+ output.count)
        output.append(value ? 0x09 : 0x08)
        if value {
            if firstBooleans.true < 0 { firstBooleans.true = object }
            return firstBooleans.true
        }
        if firstBooleans.false < 0 { firstBooleans.false = object }
        return firstBooleans.false
    }

    /// Writes (or finds) a data object (`0x4n`).
    mutating func data(_ bytes: [UInt8]) -> Int {
        scratch.removeAll(keepingCapacity: true)
        BinaryPlistEncoding.appendHeader(0x40, count: bytes.count, to: &scratch)
        scratch.append(contentsOf: bytes)
        return intern()
    }

    /// Narrows the references, then appends the offset table and the trailer
    /// (top object 0) and returns the file.
    mutating func finish() -> [UInt8] {
        let count = starts.count
        let refSize = sharing.size(for: count)
        if refSize < referenceSize {
            BinaryPlistReferenceCompactor.compact(&output, starts: &starts, from: referenceSize, to: refSize)
        }
        let tableOffset = output.count
        let offsetSize = sharing.size(for: tableOffset)
        // Room for the offsets, the 8 bytes more the last one's whole word takes, and the trailer.
        output.reserveCapacity(tableOffset + count * offsetSize + 8 + BinaryPlistTrailer.size)
        let starts = starts
        output.append(atMost: count * offsetSize + 8) { raw in
            // Each offset is stored as a whole big-endian word whose bytes past its size are
            // taken back (a 4-byte offset, the common case, as one 4-byte word).
            if offsetSize == 4 {
                for start in starts { raw.append(word32: UInt32(truncatingIfNeeded: start).bigEndian) }
                return
            }
            let shift = UInt64(64 - 8 * offsetSize)
            for start in starts {
                raw.append(word64: (UInt64(truncatingIfNeeded: start) << shift).bigEndian)
                raw.removeLast(8 - offsetSize)
            }
        }
        BinaryPlistEncoding.appendZeros(6, to: &output)
        output.append(UInt8(truncatingIfNeeded: offsetSize))
        output.append(UInt8(truncatingIfNeeded: refSize))
        BinaryPlistEncoding.appendBigEndian(UInt64(truncatingIfNeeded: count), size: 8, to: &output)
        BinaryPlistEncoding.appendBigEndian(0, size: 8, to: &output)
        BinaryPlistEncoding.appendBigEndian(UInt64(truncatingIfNeeded: tableOffset), size: 8, to: &output)
        return output
    }

    /// Writes (or finds) a marker followed by eight big-endian bytes.
    private mutating func scalar(_ marker: UInt8, bits: UInt64) -> Int {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(marker)
        BinaryPlistEncoding.appendBigEndian(bits, size: 8, to: &scratch)
        return intern()
    }

    /// Returns the object whose encoding is `scratch` when one was written before (and
    /// `sharing` shares it); otherwise writes `scratch` as a new object and returns its number.
    private mutating func intern() -> Int {
        let object = objectCount
        if sharing == .shared || BinaryPlistObjectSharing.isKeptOnce(scratch.span),
            let existing = uniques.existingObject(for: scratch, newObject: object)
        {
            return existing
        }
        starts.append(firstByte &+ output.count)
        output.append(contentsOf: scratch)
        return object
    }
}
