/// Writes valid UTF-8 (the contents of a Swift `String`) as UTF-16 big-endian,
/// the form binary property lists give strings that are not plain ASCII.
enum BinaryPlistUTF16Encoder {
    /// Appends the `units` UTF-16 code units of `utf8` to `output`, big-endian.
    static func append(_ utf8: UnsafeRawBufferPointer, units: Int, to output: inout [UInt8]) {
        let start = output.count
        BinaryPlistEncoding.appendZeros(2 * units, to: &output)
        unsafe output.withUnsafeMutableBytes { buffer in
            var target = start
            var index = 0
            let count = utf8.count
            func put(_ unit: UInt32) {
                unsafe buffer[target] = UInt8(truncatingIfNeeded: unit >> 8)
                unsafe buffer[target + 1] = UInt8(truncatingIfNeeded: unit)
                target += 2
            }
            while index < count {
                let lead = unsafe UInt32(utf8[index])
                let scalar: UInt32
                if lead < 0x80 {
                    scalar = lead
                    index += 1
                } else if lead < 0xE0, index + 1 < count {
                    scalar = unsafe (lead & 0x1F) << 6 | continuation(utf8, index + 1)
                    index += 2
                } else if lead < 0xF0, index + 2 < count {
                    scalar =
                        unsafe (lead & 0x0F) << 12 | continuation(utf8, index + 1) << 6 | continuation(utf8, index + 2)
                    index += 3
                } else if index + 3 < count {
                    scalar =
                        unsafe (lead & 0x07) << 18 | continuation(utf8, index + 1) << 12
                        | continuation(utf8, index + 2) << 6 | continuation(utf8, index + 3)
                    index += 4
                } else {
                    scalar = 0xFFFD
                    index = count
                }
                if scalar >= 0x1_0000 {
                    let offset = scalar - 0x1_0000
                    put(0xD800 | offset >> 10)
                    put(0xDC00 | offset & 0x3FF)
                } else {
                    put(scalar)
                }
                if target >= buffer.count { break }
            }
        }
    }

    /// The 6 payload bits of the continuation byte at `index`.
    @inline(__always)
    private static func continuation(_ utf8: UnsafeRawBufferPointer, _ index: Int) -> UInt32 {
        unsafe UInt32(utf8[index] & 0x3F)
    }
}
