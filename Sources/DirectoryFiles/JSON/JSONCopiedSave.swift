import DirectoryCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A save of a JSON list over the very file it was read from that copies what did not change:
/// the longest run of records from the first that the file holds exactly as the writer would
/// write them (`RecordCodec.copyableJSONPrefix`) is copied by the kernel from the old file to
/// the new (`copy_file_range`), and only the rest is encoded. After `new` and `save`, that is
/// every record but the new one.
///
/// The new file's hash goes on from the state the load kept at its last checkpoint before the
/// end of the run (`RecordSource`), over the old file's bytes from there: the bytes copied are
/// never read into the program. That the old file still holds what was read is proven by its
/// status, which must be its version's stamp (`FileStamp`) before the copy and after it;
/// otherwise, or when anything fails or falls short, the whole list is written as always.
enum JSONCopiedSave {
    /// Writes `records`, read from the file `version` of `path` (a file the save is about to
    /// replace), to `output` with as much as it can copied from that file. Returns `false`,
    /// having written nothing to `output` (it may have been emptied again), when nothing could
    /// be copied: the caller then encodes the whole list.
    static func write(
        _ records: RecordList, kind: ListKind, replacing version: FileVersion, path: String,
        to output: inout AtomicFile.Output
    ) -> Bool {
        guard let source = records.table?.source, source.hash == version.hash, source.size == version.size,
            let stamp = version.stamp
        else { return false }
        // Without blocking: a FIFO put in the file's place must not stop the save (its status then differs).
        let descriptor = unsafe open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard stamp.matches(descriptor) else { return false }
        let prefix = RecordCodec.copyableJSONPrefix(records, kind: kind, fileSize: source.size) { offset, bytes in
            holds(bytes, at: offset, in: descriptor)
        }
        guard prefix.records > 0, prefix.bytes <= source.size else { return false }
        // The hash of the bytes copied: from the last checkpoint before their end, over the rest.
        let checkpoint = source.checkpoint(atOrBefore: prefix.bytes)
        var hash = checkpoint.state
        guard add(from: checkpoint.offset, to: prefix.bytes, of: descriptor, to: &hash) else { return false }
        guard output.copy(from: descriptor, length: prefix.bytes, hash: hash), stamp.matches(descriptor)
        else {
            _ = output.restart()
            return false
        }
        CopiedBytes.note(path, prefix.bytes)
        RecordCodec.encodeJSON(records, kind: kind, skipping: prefix.records) { output.write($0) }
        return true
    }

    /// Whether the open file holds `bytes` at `offset`.
    private static func holds(_ bytes: Span<UInt8>, at offset: Int, in descriptor: Int32) -> Bool {
        var found = [UInt8](repeating: 0, count: bytes.count)
        guard DescriptorRead.exactly(into: &found, count: found.count, at: offset, from: descriptor) else {
            return false
        }
        for index in 0..<bytes.count where found[index] != bytes[index] { return false }
        return true
    }

    /// Adds the open file's bytes from `start` to `end` to `hash`; `false` when they cannot all
    /// be read.
    private static func add(from start: Int, to end: Int, of descriptor: Int32, to hash: inout ContentHash) -> Bool {
        var buffer = [UInt8](repeating: 0, count: min(max(end - start, 0), 1 << 20))
        var offset = start
        while offset < end {
            let count = min(buffer.count, end - offset)
            guard DescriptorRead.exactly(into: &buffer, count: count, at: offset, from: descriptor) else {
                return false
            }
            buffer.span.extracting(0..<count).withRawBytes { hash.add($0) }
            offset += count
        }
        return true
    }
}

/// How many bytes each save copied from the file it replaced (`JSONCopiedSave`): tests read it
/// to pin that a save took the copying path. Nothing is noted until a test starts it.
enum CopiedBytes {
    private static let noted = Mutex<[String: Int]?>(nil)

    /// Notes every copy from now on.
    static func start() {
        noted.withLock { if $0 == nil { $0 = [:] } }
    }

    /// Notes that the last save to `path` copied `count` bytes, when started.
    static func note(_ path: String, _ count: Int) {
        noted.withLock { $0?[path] = count }
    }

    /// The bytes the last save to `path` copied (0 when it copied none, or none is noted),
    /// forgetting it.
    static func take(_ path: String) -> Int {
        noted.withLock { $0?.removeValue(forKey: path) ?? 0 }
    }
}
