import Foundation

/// Hand-made binary property lists, including broken ones no encoder would write:
/// reference loops, offsets out of range, impossible counts.
enum BinaryPlistBytes {
    /// An ASCII string object.
    static func string(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return header(0x50, count: bytes.count) + bytes
    }

    /// A one-byte integer object.
    static func integer(_ value: UInt8) -> [UInt8] { [0x10, value] }

    /// An array object of one-byte references.
    static func array(_ references: [UInt8]) -> [UInt8] { header(0xA0, count: references.count) + references }

    /// A dictionary object of one-byte key and value references.
    static func dictionary(_ pairs: [(key: UInt8, value: UInt8)]) -> [UInt8] {
        header(0xD0, count: pairs.count) + pairs.map(\.key) + pairs.map(\.value)
    }

    /// An object marker with its count, using the long form (an integer after the marker) past 14.
    static func header(_ marker: UInt8, count: Int) -> [UInt8] {
        if count < 15 { return [marker | UInt8(count)] }
        return [marker | 0x0F, 0x13] + big(UInt64(count))
    }

    /// A whole file of `objects` (object 0 first), with one-byte offsets unless the
    /// objects run past 255 bytes; the trailer's fields can be overridden to lie.
    static func file(
        _ objects: [[UInt8]], offsets override: [Int]? = nil, objectCount: UInt64? = nil,
        tableOffset: UInt64? = nil, referenceSize: UInt8 = 1
    ) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        offsets = override ?? offsets
        let table = bytes.count
        let offsetSize: UInt8 = (offsets.max() ?? 0) > 0xFF ? 8 : 1
        for offset in offsets {
            bytes += offsetSize == 1 ? [UInt8(truncatingIfNeeded: offset)] : big(UInt64(offset))
        }
        bytes += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
        bytes += big(objectCount ?? UInt64(objects.count)) + big(0) + big(tableOffset ?? UInt64(table))
        return Data(bytes)
    }

    /// Nested one-element arrays, `depth` deep, with two-byte references.
    static func nested(depth: Int) -> Data {
        var objects: [[UInt8]] = []
        for index in 0..<depth {
            let next = UInt16(index + 1)
            objects.append(index + 1 < depth ? [0xA1, UInt8(next >> 8), UInt8(next & 0xFF)] : [0xA0])
        }
        return file(objects, referenceSize: 2)
    }

    /// The eight bytes of `value`, most significant first.
    private static func big(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }
}
