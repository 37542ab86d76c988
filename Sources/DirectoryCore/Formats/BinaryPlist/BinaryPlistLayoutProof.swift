/// The proof, made as a binary property list is read, that the file is byte for byte what
/// `BinaryPlistRecordWriter` writes for the records read (`PropertyListEncoder`'s layout):
/// the top array object 0 at byte 8, then each record's dictionary, its new key objects and
/// its new value objects numbered and placed one after the other in the order the writer
/// writes them, every string in the writer's encoding, every distinct string once and every
/// other place referring to it, references and offsets of the least width, the trailer as
/// the writer writes it. A file in any other layout (`PropertyListSerialization`'s, plistlib's,
/// a hand-made one) is simply not proven, and a save writes it whole.
///
/// Each part of the reading (`BinaryPlistRecordScan`, one per run of records) checks its
/// records as it reads them, with what it has at hand: the object each record and value is,
/// where it starts, its marker. What a part cannot see (that its first record follows the
/// last object of the part before, that a string numbered in one part is not equal to one
/// numbered in another, that an object referred to is a string numbered before) is noted and
/// settled once every part is read (`layout`). Only the strings a part numbers and the objects
/// it refers to for the first time (its caches' misses) are noted: a few thousand for a
/// million people whose names and offices repeat.
///
/// Kinds with a date field are not proven (the table notes no object for a date).
struct BinaryPlistLayoutProof: Sendable {
    /// Whether everything checked so far is in the writer's layout.
    private(set) var holds: Bool
    /// The object the next new object must be, and where it must start; -1 until the part's
    /// first record anchors them.
    private(set) var next = -1
    private(set) var cursor = -1
    /// The object and offset of the part's first record.
    private(set) var start = (object: -1, offset: -1)
    /// The object of each known key, by key code.
    private(set) var keyObjects: [Int]
    /// The objects of the first record's field values.
    private(set) var firstValueObjects: [Int] = []
    /// The strings this part numbered (new objects), in order.
    private(set) var introduced: [UInt32] = []
    /// The objects this part referred to that were numbered before.
    private(set) var referred: [UInt32] = []
    private let referenceSize: Int
    private let pairs: Int

    /// A proof that checks nothing and never holds.
    static let none = BinaryPlistLayoutProof(holds: false, keyObjects: [], referenceSize: 1, pairs: 0)

    private init(holds: Bool, keyObjects: [Int], referenceSize: Int, pairs: Int) {
        self.holds = holds
        self.keyObjects = keyObjects
        self.referenceSize = referenceSize
        self.pairs = pairs
    }

    /// A proof for a part that starts at any record after the first, which `first` checked.
    func continued() -> BinaryPlistLayoutProof {
        BinaryPlistLayoutProof(holds: holds, keyObjects: keyObjects, referenceSize: referenceSize, pairs: pairs)
    }

    /// Stops proving: something read is not (or not surely) what the writer writes.
    @inline(__always)
    mutating func fail() { holds = false }

    /// Checks a record's dictionary, read from the top array: the next object, where the last
    /// object ended, with a key for `id` and each field and no other.
    @inline(__always)
    mutating func record(_ record: BinaryPlistObject) {
        guard holds else { return }
        if next < 0 {
            next = record.index
            cursor = record.position
            start = (record.index, record.position)
        }
        guard record.index == next, record.position == cursor, record.marker == 0xD0 | UInt8(truncatingIfNeeded: pairs),
            record.count == pairs
        else { return fail() }
        next &+= 1
        cursor = record.payload &+ 2 &* pairs &* referenceSize
    }

    /// The keys each record has: `id` and each field.
    var pairCount: Int { pairs }

    /// Notes that string object `index`, the next object, was read where the last ended, in
    /// the writer's encoding (`BinaryPlistRecordScan.readWritersRecords` checked it).
    @inline(__always)
    mutating func introduce(_ index: Int) {
        introduced.append(UInt32(truncatingIfNeeded: index))
    }

    /// Moves on past a record `BinaryPlistRecordScan.readWritersRecords` checked whole: the
    /// next object is `next`, to start at `cursor`.
    @inline(__always)
    mutating func advance(next: Int, cursor: Int) {
        self.next = next
        self.cursor = cursor
    }

    /// Checks that the key object `index` is the file's one key object of `code`.
    @inline(__always)
    mutating func key(_ index: Int, code: Int) {
        if holds, keyObjects[code] != index { fail() }
    }

    /// Checks an id read at `position` (its three header bytes already seen to be the
    /// writer's): the next object, its 36 characters in upper case as the writer writes them.
    @inline(__always)
    mutating func id(_ index: Int, position: Int, text: Span<UInt8>) {
        guard holds else { return }
        guard index == next, position == cursor, !Self.hasLowerCase(text) else { return fail() }
        next &+= 1
        cursor &+= 39
    }

    /// Checks an ASCII string object the reader decoded for a text value (not found in its
    /// caches): numbered here in the writer's encoding, or a string numbered before.
    @inline(__always)
    mutating func asciiText(_ object: BinaryPlistObject) {
        guard holds else { return }
        guard object.index == next else { return referTo(object.index) }
        guard object.position == cursor, object.payload &- object.position == Self.headerLength(object.count) else {
            return fail()
        }
        introduced.append(UInt32(truncatingIfNeeded: object.index))
        next &+= 1
        cursor = object.payload &+ object.count
    }

    /// Checks the string object `index` read by the general parser as `text`: numbered here
    /// only as a UTF-16 string of exactly the writer's bytes, or a string numbered before.
    mutating func parsedText(_ index: Int, _ text: String, table: borrowing BinaryPlistObjectTable) {
        guard holds else { return }
        guard index == next else { return referTo(index) }
        guard let object = try? table.object(index), object.kind == .utf16String, object.position == cursor,
            object.payload &- object.position == Self.headerLength(object.count)
        else { return fail() }
        let end = object.payload &+ 2 &* object.count
        var written: [UInt8] = []
        var utf8 = text
        utf8.makeContiguousUTF8()
        BinaryPlistEncoding.appendString(utf8.utf8.span, to: &written)
        guard written.count == end &- object.position else { return fail() }
        let bytes = table.bytes
        for offset in 0..<written.count where bytes[object.position &+ offset] != written[offset] { return fail() }
        introduced.append(UInt32(truncatingIfNeeded: index))
        next &+= 1
        cursor = end
    }

    /// Notes a reference to object `index`, which must be a string numbered before.
    @inline(__always)
    private mutating func referTo(_ index: Int) {
        guard index < next else { return fail() }
        referred.append(UInt32(truncatingIfNeeded: index))
    }

    /// The bytes of a string's marker and length as the writer writes them: the count in the
    /// marker's low nibble, or `0xF` and an integer object of the fewest bytes.
    @inline(__always)
    static func headerLength(_ count: Int) -> Int {
        count < 15 ? 1 : count < 0x100 ? 3 : count < 0x1_0000 ? 4 : count <= 0xFFFF_FFFF ? 6 : 10
    }

    /// Whether the 36 bytes of an id hold a lower-case hexadecimal letter (`a`–`f`: bits
    /// 0x40 and 0x20 both set, which no digit, hyphen or upper-case letter has).
    @inline(__always)
    static func hasLowerCase(_ text: Span<UInt8>) -> Bool {
        let sixes: UInt64 = 0x2020_2020_2020_2020
        let words = (text.word64(at: 0), text.word64(at: 8), text.word64(at: 16), text.word64(at: 24))
        let last = text.word64(at: 28)
        let flags =
            (words.0 >> 1 & words.0) | (words.1 >> 1 & words.1) | (words.2 >> 1 & words.2)
            | (words.3 >> 1 & words.3) | (last >> 1 & last)
        return flags & sixes != 0
    }
}

extension BinaryPlistLayoutProof {
    /// The proof of everything up to the end of the first record, which the reader has read
    /// (it decided `kind`): the header, the trailer, the top array, and the first record's
    /// keys and values, each numbered as the writer numbers them. `.none` when any differs.
    static func first(table: borrowing BinaryPlistObjectTable, top: BinaryPlistObject, kind: ListKind)
        -> BinaryPlistLayoutProof
    {
        let trailer = table.trailer
        let bytes = table.bytes
        let fieldCount = kind.fields.count
        guard kind.fields.allSatisfy(\.isText), top.kind == .array, top.count >= 1, top.index == 0,
            trailer.topObject == 0, top.position == 8, top.marker >> 4 == 0xA,
            top.payload &- top.position == headerLength(top.count),
            trailer.objectRefSize == BinaryPlistObjectSharing.shared.size(for: trailer.objectCount),
            trailer.offsetIntSize == BinaryPlistObjectSharing.shared.size(for: trailer.offsetTableOffset),
            bytes.count == trailer.offsetTableOffset + trailer.objectCount * trailer.offsetIntSize
                + BinaryPlistTrailer.size
        else { return .none }
        for (index, byte) in "bplist00".utf8.enumerated() where bytes[index] != byte { return .none }
        for offset in 0..<6 where bytes[bytes.count - BinaryPlistTrailer.size + offset] != 0 { return .none }
        let pairs = 1 + fieldCount
        let names = ["id"] + kind.fields.map(\.name)
        var proof = BinaryPlistLayoutProof(
            holds: true, keyObjects: Array(repeating: -1, count: pairs), referenceSize: trailer.objectRefSize,
            pairs: pairs)
        proof.next = 1
        proof.cursor = top.payload + top.count * trailer.objectRefSize
        guard let record = try? table.object(table.reference(in: top, slot: 0)) else { return .none }
        proof.record(record)
        // The keys, each a new ASCII string of a known key's name, each name once.
        var codes: [Int] = []
        for slot in 0..<pairs where proof.holds {
            let index = table.reference(in: record, slot: slot)
            guard let key = try? table.object(index), key.kind == .asciiString else { return .none }
            let name = bytes.extracting(key.payload..<(key.payload + key.count))
            guard
                let code = names.firstIndex(where: { candidate in
                    candidate.utf8.count == name.count && candidate.utf8.elementsEqual(name.indices.map { name[$0] })
                }), proof.keyObjects[code] < 0
            else { return .none }
            proof.asciiText(key)
            proof.keyObjects[code] = index
            codes.append(code)
        }
        // The values, in the keys' order.
        proof.firstValueObjects = Array(repeating: -1, count: fieldCount)
        for (slot, code) in codes.enumerated() where proof.holds {
            let index = table.reference(in: record, slot: pairs + slot)
            guard let value = try? table.object(index) else { return .none }
            if code == 0 {
                guard value.kind == .asciiString, value.count == 36, value.payload == value.position + 3,
                    bytes[value.position + 1] == 0x10
                else { return .none }
                proof.id(index, position: value.position, text: bytes.extracting(value.payload..<(value.payload + 36)))
                continue
            }
            proof.firstValueObjects[code - 1] = index
            switch value.kind {
            case .asciiString
            where UTF8Text.isASCII(bytes.extracting(value.payload..<(value.payload + value.count)).rawBytes):
                proof.asciiText(value)
            case .utf16String:
                guard let text = try? BinaryPlistStringDecoder.utf16(bytes, value) else { return .none }
                proof.parsedText(index, text, table: table)
            default:
                return .none
            }
        }
        return proof.holds ? proof : .none
    }

    /// The facts of the whole file, when every part's proof held and together they prove it:
    /// each part begins where the one before ended, the last ends at the offset table after
    /// the last object, no string was numbered twice (`parts` in file order, the first the
    /// first record's), and each object referred to is a string numbered somewhere.
    static func layout(
        _ parts: [BinaryPlistLayoutProof], table: borrowing BinaryPlistObjectTable, top: BinaryPlistObject
    ) -> BinaryPlistLayout? {
        // A part that read no record (the rest of a file of one) proves nothing and joins nothing.
        let parts = parts.filter { $0.next >= 0 }
        guard let first = parts.first, let last = parts.last, parts.allSatisfy(\.holds) else { return nil }
        for index in parts.indices.dropFirst() {
            guard parts[index].start == (parts[index - 1].next, parts[index - 1].cursor) else { return nil }
        }
        let trailer = table.trailer
        guard last.next == trailer.objectCount, last.cursor == trailer.offsetTableOffset else { return nil }
        // Every distinct string is hashed once here, in a table of them all: a file with more
        // than 65,536 and more than one for every eight records (a million distinct names) is
        // not proven, rather than hold such a table (megabytes) at the load's peak.
        guard parts.reduce(0, { $0 + $1.introduced.count }) <= max(1 << 16, top.count / 8) else { return nil }
        let bytes = table.bytes
        var numbered = [UInt64](repeating: 0, count: (trailer.objectCount + 63) / 64)
        var strings = BinaryPlistUniquingTable()
        for part in parts {
            for number in part.introduced {
                let index = Int(number)
                // Checked when it was numbered: its bytes run from its offset to the next object's.
                guard let start = try? table.offset(of: index) else { return nil }
                let end =
                    index + 1 < trailer.objectCount ? (try? table.offset(of: index + 1)) : trailer.offsetTableOffset
                guard let end, end > start,
                    strings.existingObject(
                        header: BinaryPlistUniquingTable.Header(), body: bytes.extracting(start..<end), newObject: index
                    )
                        == nil
                else { return nil }
                numbered[index >> 6] |= 1 << UInt64(index & 63)
            }
        }
        for part in parts {
            for number in part.referred where numbered[Int(number >> 6)] & (1 << UInt64(number & 63)) == 0 {
                return nil
            }
        }
        return BinaryPlistLayout(
            recordCount: top.count, objectCount: trailer.objectCount, referenceSize: trailer.objectRefSize,
            offsetSize: trailer.offsetIntSize, offsetTableOffset: trailer.offsetTableOffset,
            topReferences: top.payload, keyObjects: first.keyObjects,
            firstValueObjects: first.firstValueObjects)
    }
}
