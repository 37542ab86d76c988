import Synchronization

/// libFuzzer entry point: lines of any bytes run by two sessions on one file.
///
/// Lines starting with `|` go to the second session, the others to the first, so
/// edits, undo, saves and merges of two sessions interleave in every order. The
/// files live in memory, encoded with the real writers and read with the real readers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessions(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    let store = MemoryFiles()
    let path = "/fuzz/directory.plist"
    guard var first = try? Session(path: path, schema: nil, store: store, environment: .fixed()),
        (try? first.apply(.save(force: false))) != nil,
        var second = try? Session(path: path, schema: nil, store: store, environment: .fixed())
    else { fatalError("a new session on an empty store failed") }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
        let toSecond = line.hasPrefix("|")
        guard let command = try? CommandParser.parse(toSecond ? line.dropFirst() : line)?.command else { continue }
        if toSecond { _ = try? second.apply(command) } else { _ = try? first.apply(command) }
    }
    store.checkEveryFile()
    return 0
}

/// Files in memory, written and read with `RecordCodec` like `FileStore`'s.
final class MemoryFiles: ListStore {
    private let files = Mutex<[String: (bytes: [UInt8], version: Int64)]>([:])

    /// Reads the list at `path`.
    func load(path: String, schema: RecordSchema?, fallback: RecordSchema) throws(StorageError) -> LoadedList? {
        guard let file = files.withLock({ $0[path] }) else { return nil }
        let result = file.bytes.withUnsafeBytes { buffer -> Result<LoadedList, StorageError> in
            guard let format = FileFormat.sniff(buffer) else { return .failure(.unknownFormat(path: path)) }
            do throws(FileFormatError) {
                let decoded = try RecordCodec.decode(buffer, format: format, schema: schema, fallback: fallback)
                return .success(
                    LoadedList(
                        schema: decoded.schema, records: decoded.records, format: format,
                        fingerprint: Self.fingerprint(file.bytes, version: file.version)))
            } catch {
                return .failure(.corrupt(path: path, format: format, error))
            }
        }
        return try result.get()
    }

    /// Encodes and stores the list.
    func save(_ records: [Record], schema: RecordSchema, format: FileFormat, to path: String) throws(StorageError)
        -> FileFingerprint
    {
        let bytes = RecordCodec.encode(records, schema: schema, format: format)
        let version = files.withLock { files in
            let version = (files[path]?.version ?? 0) + 1
            files[path] = (bytes, version)
            return version
        }
        return Self.fingerprint(bytes, version: version)
    }

    /// The stored file's fingerprint.
    func fingerprint(path: String, known: FileFingerprint?) throws(StorageError) -> FileFingerprint? {
        files.withLock { $0[path] }.map { Self.fingerprint($0.bytes, version: $0.version) }
    }

    /// No other process shares these files: a lock that does nothing.
    func lock(path: String) throws(StorageError) -> FileLock { FileLock {} }

    /// The bytes stored at `path`.
    func readBytes(path: String) throws(StorageError) -> [UInt8] {
        guard let file = files.withLock({ $0[path] }) else { throw .unreadable(path: path, reason: "no such file") }
        return file.bytes
    }

    /// Stores `bytes` at `path`.
    func writeBytes(_ bytes: [UInt8], to path: String) throws(StorageError) {
        files.withLock { $0[path] = (bytes, ($0[path]?.version ?? 0) + 1) }
    }

    /// Stops the fuzzer when a list a session saved does not read back or repeats an id.
    func checkEveryFile() {
        for (path, file) in files.withLock({ $0 }) {
            guard let format = file.bytes.withUnsafeBytes({ FileFormat.sniff($0) }) else { continue }
            let decoded = file.bytes.withUnsafeBytes { try? RecordCodec.decode($0, format: format, schema: nil) }
            guard let decoded else { continue }  // a plain file written by export
            if Set(decoded.records.map(\.id)).count != decoded.records.count {
                fatalError("\(path) holds one id twice")
            }
        }
    }

    private static func fingerprint(_ bytes: [UInt8], version: Int64) -> FileFingerprint {
        FileFingerprint(size: bytes.count, modified: version, hash: ContentHash.of(bytes))
    }
}
