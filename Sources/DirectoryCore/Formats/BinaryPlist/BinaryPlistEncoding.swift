/// The byte forms of binary property list objects, appended to a buffer: markers
/// with their counts, integers, big-endian numbers and strings.
enum BinaryPlistEncoding {
    /// Appends a string object: ASCII as `0x5n`, anything else as UTF-16 `0x6n`.
    static func appendString(_ utf8: Span<UInt8>, to output: inout [UInt8]) {
        if UTF8Text.isASCII(utf8.rawBytes) {
            appendHeader(0x50, count: utf8.count, to: &output)
            output.append(utf8)
            return
        }
        var units = 0
        for index in utf8.indices {
            let byte = utf8[index]
            if byte & 0xC0 != 0x80 { units += 1 }
            if byte >= 0xF0 { units += 1 }
        }
        appendHeader(0x60, count: units, to: &output)
        BinaryPlistUTF16Encoder.append(utf8, units: units, to: &output)
    }

    /// Appends a marker with `count` in its low nibble, or `0xF` and an integer object.
    @inline(__always)
    static func appendHeader(_ marker: UInt8, count: Int, to output: inout [UInt8]) {
        if count < 15 {
            output.append(marker | UInt8(truncatingIfNeeded: count))
        } else {
            output.append(marker | 0x0F)
            appendInteger(Int64(count), to: &output)
        }
    }

    /// Appends a marker with `count` in its low nibble, or `0xF` and an integer object: at
    /// most 10 bytes, the bytes `appendHeader(_:count:to:)` appends to an array.
    @inline(__always)
    static func appendHeader(_ marker: UInt8, count: Int, to output: inout OutputRawSpan) {
        guard count >= 15 else {
            output.append(marker | UInt8(truncatingIfNeeded: count))
            return
        }
        output.append(marker | 0x0F)
        let bits = UInt64(truncatingIfNeeded: count)
        let (integerMarker, size): (UInt8, Int) =
            switch bits {
            case 0...0xFF: (0x10, 1)
            case 0x100...0xFFFF: (0x11, 2)
            case 0x1_0000...0xFFFF_FFFF: (0x12, 4)
            default: (0x13, 8)
            }
        output.append(integerMarker)
        var shift = 8 * size
        while shift > 0 {
            shift -= 8
            output.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
    }

    /// Appends an integer object (`0x1n`): non-negative values in the fewest of 1, 2
    /// or 4 bytes, everything else in 8 bytes.
    static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
        let bits = UInt64(bitPattern: value)
        switch bits {
        case 0...0xFF:
            output.append(0x10)
            output.append(UInt8(truncatingIfNeeded: bits))
        case 0x100...0xFFFF:
            output.append(0x11)
            appendBigEndian(bits, size: 2, to: &output)
        case 0x1_0000...0xFFFF_FFFF:
            output.append(0x12)
            appendBigEndian(bits, size: 4, to: &output)
        default:
            output.append(0x13)
            appendBigEndian(bits, size: 8, to: &output)
        }
    }

    /// Appends the low `size` (1 to 8) bytes of `value`, most significant first.
    @inline(__always)
    static func appendBigEndian(_ value: UInt64, size: Int, to output: inout [UInt8]) {
        output.append(addingCapacity: size) { bytes in
            var shift = 8 * size
            while shift > 0 {
                shift -= 8
                bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            }
        }
    }

    /// Appends `count` zero bytes.
    static func appendZeros(_ count: Int, to output: inout [UInt8]) {
        guard count > 0 else { return }
        output.append(addingCapacity: count) { zeros in zeros.append(repeating: 0, count: count) }
    }

    /// Writes `value` as `size` big-endian bytes at `position` of `buffer`.
    @inline(__always)
    static func store(_ value: Int, size: Int, at position: Int, in buffer: inout MutableSpan<UInt8>) {
        var value = value
        var index = position + size
        while index > position {
            index -= 1
            buffer[index] = UInt8(truncatingIfNeeded: value)
            value >>= 8
        }
    }
}
