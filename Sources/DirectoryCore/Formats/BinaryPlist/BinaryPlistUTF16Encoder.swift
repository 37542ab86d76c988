/// Writes valid UTF-8 (the contents of a Swift `String`) as UTF-16 big-endian,
/// the form binary property lists give strings that are not plain ASCII.
enum BinaryPlistUTF16Encoder {
    /// Appends the `units` UTF-16 code units of `utf8` to `output`, big-endian.
    static func append(_ utf8: Span<UInt8>, units: Int, to output: inout [UInt8]) {
        output.append(addingCapacity: 2 * units) { target in
            var index = 0
            let count = utf8.count
            while index < count, !target.isFull {
                let lead = UInt32(utf8[index])
                let scalar: UInt32
                if lead < 0x80 {
                    scalar = lead
                    index += 1
                } else if lead < 0xE0, index + 1 < count {
                    scalar = (lead & 0x1F) << 6 | continuation(utf8, index + 1)
                    index += 2
                } else if lead < 0xF0, index + 2 < count {
                    scalar = (lead & 0x0F) << 12 | continuation(utf8, index + 1) << 6 | continuation(utf8, index + 2)
                    index += 3
                } else if index + 3 < count {
                    scalar =
                        (lead & 0x07) << 18 | continuation(utf8, index + 1) << 12
                        | continuation(utf8, index + 2) << 6 | continuation(utf8, index + 3)
                    index += 4
                } else {
                    scalar = 0xFFFD
                    index = count
                }
                if scalar >= 0x1_0000 {
                    let offset = scalar - 0x1_0000
                    put(0xD800 | offset >> 10, to: &target)
                    put(0xDC00 | offset & 0x3FF, to: &target)
                } else {
                    put(scalar, to: &target)
                }
            }
            // `units` counts what valid UTF-8 holds; anything else is padded as before.
            while !target.isFull { target.append(0) }
        }
    }

    /// Appends one UTF-16 unit, big-endian, where it fits (`units` bounds the output).
    @inline(__always)
    private static func put(_ unit: UInt32, to target: inout OutputSpan<UInt8>) {
        guard target.freeCapacity >= 2 else { return }
        target.append(UInt8(truncatingIfNeeded: unit >> 8))
        target.append(UInt8(truncatingIfNeeded: unit))
    }

    /// The 6 payload bits of the continuation byte at `index`.
    @inline(__always)
    private static func continuation(_ utf8: Span<UInt8>, _ index: Int) -> UInt32 {
        UInt32(utf8[index] & 0x3F)
    }
}
