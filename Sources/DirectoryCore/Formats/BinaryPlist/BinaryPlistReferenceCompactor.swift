/// Narrows the object references of a written binary property list from the
/// width `BinaryPlistObjectWriter` reserved to their final size, moving every
/// object down in place and updating where each starts.
enum BinaryPlistReferenceCompactor {
    /// Rewrites `output` (objects only, no offset table yet) with references of
    /// `size` bytes instead of `wide` (`size < wide`); `starts` holds each
    /// object's start and is updated.
    static func compact(_ output: inout [UInt8], starts: inout [Int], from wide: Int, to size: Int) {
        let end = output.count
        var write = starts.first ?? end
        var bytes = output.mutableSpan
        // Objects only move down (`write <= read`), so copying forward never reads a moved byte.
        for object in starts.indices {
            let read = starts[object]
            let next = object + 1 < starts.count ? starts[object + 1] : end
            starts[object] = write
            let marker = bytes[read]
            let type = marker >> 4
            guard type == 0xA || type == 0xD else {
                for index in 0..<(next - read) { bytes[write + index] = bytes[read + index] }
                write += next - read
                continue
            }
            var header = 1
            var count = Int(marker & 0x0F)
            if count == 0x0F {
                let size = 1 << Int(bytes[read + 1] & 0x0F)
                count = 0
                for index in (read + 2)..<(read + 2 + size) { count = count << 8 | Int(bytes[index]) }
                header = 2 + size
            }
            for index in 0..<header { bytes[write + index] = bytes[read + index] }
            var source = read + header
            write += header
            for _ in 0..<(type == 0xD ? 2 * count : count) {
                var value = 0
                for index in source..<(source + wide) { value = value << 8 | Int(bytes[index]) }
                for index in 0..<size {
                    bytes[write + index] = UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - index)))
                }
                source += wide
                write += size
            }
        }
        output.removeLast(end - write)
    }
}
