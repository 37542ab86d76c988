import Synchronization

@testable import DirectoryCore

/// libFuzzer entry point: lines of any bytes run by two sessions on one file.
///
/// Lines starting with `|` go to the second session, the others to the first, so
/// edits, undo, saves and merges of two sessions interleave in every order. The
/// files live in memory, encoded with the real writers and read with the real readers.
@c(LLVMFuzzerTestOneInput)
public func fuzzSessions(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = String(decoding: fuzzInput(data, count), as: UTF8.self)
    let store = MemoryFiles()
    let path = "/fuzz/directory.plist"
    guard var first = try? Session(location: path, kind: nil, store: store, environment: .fixed()),
        let save = try? CommandParser.parse("save")?.command, (try? first.apply(save)) != nil,
        var second = try? Session(location: path, kind: nil, store: store, environment: .fixed())
    else { fatalError("a new session on an empty store failed") }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
        let toSecond = line.hasPrefix("|")
        guard let command = try? CommandParser.parse(toSecond ? line.dropFirst() : line)?.command else { continue }
        if toSecond { _ = try? second.apply(command) } else { _ = try? first.apply(command) }
    }
    store.checkEveryFile()
    return 0
}

/// Files in memory, written and read with `RecordCodec` as `FileStore` does; the
/// requirements of `ListStore` that have a default keep it.
final class MemoryFiles: ListStore {
    private let files = Mutex<[String: (bytes: [UInt8], version: Int64)]>([:])

    /// Reads the list at `path`.
    func load(location path: String, kind: ListKind?, fallback: ListKind) throws(StorageError) -> LoadedList? {
        guard let file = files.withLock({ $0[path] }) else { return nil }
        if file.bytes.isEmpty { throw .emptyFile(path: path) }
        guard let format = sniffFormat(file.bytes) else { throw .unknownFormat(path: path) }
        do throws(FileFormatError) {
            let list = try decodeList(file.bytes, format: format, kind: kind, fallback: fallback)
            return LoadedList(
                kind: list.kind, records: list.records, format: format,
                version: Self.version(file.bytes, counter: file.version))
        } catch {
            throw .corrupt(path: path, format: format, error)
        }
    }

    /// A list here is a file.
    var medium: StoreMedium { .file }

    /// Encodes and stores the whole list.
    func write(_ list: ListWrite, to path: String, replacing: ListWrite.Replacing) throws(StorageError) -> ListVersion {
        guard case .whole(let records, let kind, let format) = list else {
            throw .writeFailed(path: path, reason: "a file is written whole")
        }
        let bytes = RecordCodec.encode(records, kind: kind, format: format)
        let version = files.withLock { files in
            let version = (files[path]?.version ?? 0) + 1
            files[path] = (bytes, version)
            return version
        }
        return Self.version(bytes, counter: version)
    }

    /// The stored file's version.
    func version(at path: String, known: ListVersion?) throws(StorageError) -> ListVersion? {
        files.withLock { $0[path] }.map { Self.version($0.bytes, counter: $0.version) }
    }

    /// No other process shares these files: a lock that does nothing.
    func lock(location path: String) throws(StorageError) -> ListLock { ListLock {} }

    /// Nothing here is read-only.
    func refuseReadOnly(location path: String) throws(StorageError) {}

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
            guard let format = sniffFormat(file.bytes),
                let decoded = try? decodeList(file.bytes, format: format, kind: nil)
            else { continue }  // a plain file written by export
            if Set(decoded.records.map(\.id)).count != decoded.records.count {
                fatalError("\(path) holds one id twice")
            }
        }
    }

    /// Size, version and a hash of the bytes: two saves of the same list look the same.
    private static func version(_ bytes: [UInt8], counter: Int64) -> ListVersion {
        .file(FileVersion(size: bytes.count, modified: counter, hash: ContentHash.of(bytes)))
    }
}
