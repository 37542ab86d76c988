import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A save of a binary property list over the very file it was read from, when the file was
/// proven to be what the writer writes for its records (`BinaryPlistLayout`) and the list
/// only gained records after them (`new`, `set` on a new record): the new file is the old one
/// with a top array longer by their references, so every old object moved by the same few
/// bytes, the new records' objects after the old ones, and an offset table of the old entries
/// moved and the new ones. So the old objects are copied by the kernel (`copy_file_range`),
/// the offset table is read and moved, and only the new records are encoded: byte for byte
/// what the writer writes for the whole list.
///
/// Every old byte that is copied is read too, to be hashed: it moved, so the new file's hash
/// cannot go on from a state the load kept. That the old file still holds what was read is
/// proven by its status, which must be its version's stamp (`FileStamp`) before the copy and
/// after it; otherwise, or when anything fails or falls short, the whole list is written as
/// always.
enum BinaryPlistCopiedSave {
    /// Writes `records`, read from the file `version` of `path` (a file the save is about to
    /// replace), to `output`, copying the old records' objects from that file. Returns `false`,
    /// having written nothing to `output` (it may have been emptied again), when it cannot:
    /// the caller then encodes the whole list.
    static func write(
        _ records: RecordList, kind: ListKind, replacing version: FileVersion, path: String,
        to output: inout AtomicFile.Output
    ) -> Bool {
        guard let table = records.table, let layout = table.binaryLayout, let source = table.source,
            source.hash == version.hash, source.size == version.size, let stamp = version.stamp,
            records.count > layout.recordCount, layout.recordCount == table.count
        else { return false }
        for number in 0..<layout.recordCount where records.tableRow(at: number) != number { return false }
        // The top array's header and its new references move every old object by `shift` bytes.
        let header = topHeader(count: records.count)
        let shift = 8 + header.count + records.count * layout.referenceSize - layout.objectsStart
        let moved = layout.offsetTableOffset + shift
        guard
            let appended = RecordCodec.appendedBinaryPlistObjects(records, kind: kind, layout: layout, at: moved)
        else { return false }
        let tableOffset = moved + appended.bytes.count
        guard leastWidth(tableOffset) == layout.offsetSize else { return false }
        // Without blocking: a FIFO put in the file's place must not stop the save (its status then differs).
        let descriptor = unsafe open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard stamp.matches(descriptor) else { return false }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var piece: [UInt8] = Array("bplist00".utf8) + header
        piece.span.withRawBytes { output.write($0) }
        var done =
            output.append(
                from: descriptor, offset: layout.topReferences, length: layout.recordCount * layout.referenceSize,
                buffer: &buffer)
        if done {
            piece.removeAll(keepingCapacity: true)
            for object in appended.records { appendBigEndian(object, size: layout.referenceSize, to: &piece) }
            piece.span.withRawBytes { output.write($0) }
            done = output.append(
                from: descriptor, offset: layout.objectsStart, length: layout.offsetTableOffset - layout.objectsStart,
                buffer: &buffer)
        }
        if done {
            appended.bytes.span.withRawBytes { output.write($0) }
            done = writeOffsets(
                of: layout, shift: shift, appended: appended.starts, from: descriptor, to: &output, buffer: &buffer)
        }
        guard done, stamp.matches(descriptor) else {
            _ = output.restart()
            return false
        }
        piece = [UInt8](repeating: 0, count: 6)
        piece.append(UInt8(truncatingIfNeeded: layout.offsetSize))
        piece.append(UInt8(truncatingIfNeeded: layout.referenceSize))
        appendBigEndian(appended.objectCount, size: 8, to: &piece)
        appendBigEndian(0, size: 8, to: &piece)
        appendBigEndian(tableOffset, size: 8, to: &piece)
        piece.span.withRawBytes { output.write($0) }
        CopiedBytes.note(path, layout.offsetTableOffset - layout.topReferences)
        return true
    }

    /// Writes the offset table: object 0 at byte 8, the old objects' entries (read from the
    /// old file) moved by `shift`, then `appended`.
    private static func writeOffsets(
        of layout: BinaryPlistLayout, shift: Int, appended: [Int], from descriptor: Int32,
        to output: inout AtomicFile.Output, buffer: inout [UInt8]
    ) -> Bool {
        let size = layout.offsetSize
        var piece: [UInt8] = []
        piece.reserveCapacity(buffer.count + 8)
        appendBigEndian(8, size: size, to: &piece)
        let perRead = buffer.count / size
        var entry = 1
        while entry < layout.objectCount {
            let count = min(perRead, layout.objectCount - entry)
            guard
                DescriptorRead.exactly(
                    into: &buffer, count: count * size, at: layout.offsetTableOffset + entry * size, from: descriptor)
            else { return false }
            if size == 4 {
                // The common width, a word at a time.
                let moved = UInt32(truncatingIfNeeded: shift)
                let base = piece.count
                piece.append(contentsOf: repeatElement(0, count: 4 * count))
                unsafe buffer.withUnsafeBytes { raw in
                    unsafe piece.withUnsafeMutableBytes { out in
                        for index in 0..<count {
                            let old = unsafe raw.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)
                            let new = (UInt32(bigEndian: old) &+ moved).bigEndian
                            unsafe out.storeBytes(of: new, toByteOffset: base + 4 * index, as: UInt32.self)
                        }
                    }
                }
            } else {
                for index in 0..<count {
                    var old = 0
                    for byte in 0..<size { old = old << 8 | Int(buffer[index * size + byte]) }
                    appendBigEndian(old + shift, size: size, to: &piece)
                }
            }
            piece.span.withRawBytes { output.write($0) }
            piece.removeAll(keepingCapacity: true)
            entry += count
        }
        for start in appended { appendBigEndian(start, size: size, to: &piece) }
        piece.span.withRawBytes { output.write($0) }
        return true
    }

    /// The top array's marker and count as the writer writes them: the count in the marker's
    /// low nibble, or `0xF` and an integer object of the fewest bytes.
    private static func topHeader(count: Int) -> [UInt8] {
        guard count >= 15 else { return [0xA0 | UInt8(truncatingIfNeeded: count)] }
        var header: [UInt8] = [0xAF]
        switch count {
        case 0..<0x100:
            header.append(0x10)
            appendBigEndian(count, size: 1, to: &header)
        case 0x100..<0x1_0000:
            header.append(0x11)
            appendBigEndian(count, size: 2, to: &header)
        case 0x1_0000..<0x1_0000_0000:
            header.append(0x12)
            appendBigEndian(count, size: 4, to: &header)
        default:
            header.append(0x13)
            appendBigEndian(count, size: 8, to: &header)
        }
        return header
    }

    /// The fewest bytes that hold `value`, the width the writer gives offsets up to it.
    private static func leastWidth(_ value: Int) -> Int {
        max(1, 8 - UInt64(truncatingIfNeeded: value).leadingZeroBitCount / 8)
    }

    /// Appends the low `size` bytes of `value`, most significant first.
    private static func appendBigEndian(_ value: Int, size: Int, to output: inout [UInt8]) {
        var shift = 8 * size
        while shift > 0 {
            shift -= 8
            output.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}
