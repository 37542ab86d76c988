/// The order of a record's keys in its file: `id`, the kind's fields and the unknown
/// keys (`Record.extras`) interleaved as they were read, so that a save writes every
/// record's keys back where it found them.
///
/// Foundation's `JSONEncoder` on Linux writes a struct's keys in an order of its own that
/// changes from process to process, and `PropertyListSerialization` writes a dictionary's
/// keys in hash order: only keeping each record's order keeps such a file byte-identical.
public struct KeyOrder: Hashable, Sendable {
    /// One code per key, in file order: `idCode`, a field's `fieldCode(_:)`, or
    /// `extraCode` for the next of the record's extras.
    public let codes: [UInt8]

    /// The code of `id`.
    public static let idCode: UInt8 = 0
    /// The code of an unknown key: the next one of `Record.extras`, in their order.
    public static let extraCode: UInt8 = 0xFF

    /// The code of kind field `index`.
    @inline(__always)
    public static func fieldCode(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: index + 1) }

    /// An order of the given codes.
    public init(codes: [UInt8]) {
        self.codes = codes
    }

    /// `id`, then the kind's fields in kind order, then any extras: the order of a
    /// Codable struct's declaration, which `PropertyListEncoder`'s binary form keeps.
    public static func declared(fieldCount: Int) -> KeyOrder {
        KeyOrder(codes: [idCode] + (0..<fieldCount).map(fieldCode))
    }

    /// `id` and the kind's fields sorted by name, as `PropertyListEncoder` writes an
    /// XML property list (`completedDate`, `id`, `name`, `note` for a bucket list).
    public static func sorted(_ kind: ListKind) -> KeyOrder {
        let names = [("id", idCode)] + kind.fields.enumerated().map { ($1.name, fieldCode($0)) }
        return KeyOrder(codes: names.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }.map(\.1))
    }

    /// The same order without the places of unknown keys: the order a record without
    /// extras takes from a record that had some.
    public var withoutExtras: KeyOrder {
        codes.contains(Self.extraCode) ? KeyOrder(codes: codes.filter { $0 != Self.extraCode }) : self
    }

    /// The codes to write a record of `fieldCount` fields and `extraCount` extras in:
    /// every known key exactly once and exactly `extraCount` extra codes. Known keys the
    /// order lacks come last (id first, then fields in kind order), after the extras it
    /// places; extras beyond those it places come at the very end.
    public func resolved(fieldCount: Int, extraCount: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(1 + fieldCount + extraCount)
        var seen: UInt64 = 0
        var extras = 0
        for code in codes {
            if code == Self.extraCode {
                guard extras < extraCount else { continue }
                extras += 1
                result.append(code)
                continue
            }
            guard Int(code) <= fieldCount, code < 64, seen & (1 << UInt64(code)) == 0 else { continue }
            seen |= 1 << UInt64(code)
            result.append(code)
        }
        for code in 0...UInt8(truncatingIfNeeded: fieldCount) where seen & (1 << UInt64(code)) == 0 {
            result.append(code)
        }
        while extras < extraCount {
            result.append(Self.extraCode)
            extras += 1
        }
        return result
    }
}

extension KeyOrder {
    /// Up to eight key codes packed in a word, one per byte from the lowest, each stored
    /// as code + 1 (so a zero byte ends the list): how readers note the order of a record
    /// without extras without allocating.
    struct Packed: Hashable {
        /// The packed codes.
        var bits: UInt64 = 0
        /// How many codes are packed.
        var count = 0

        /// Whether another code fits.
        @inline(__always)
        var hasRoom: Bool { count < 8 }

        /// Adds `code`; there must be room.
        @inline(__always)
        mutating func append(_ code: UInt8) {
            bits |= UInt64(code &+ 1) << UInt64(8 &* count)
            count &+= 1
        }

        /// The order these codes make.
        var order: KeyOrder {
            KeyOrder(codes: (0..<count).map { UInt8(truncatingIfNeeded: bits >> UInt64(8 * $0)) &- 1 })
        }
    }
}
