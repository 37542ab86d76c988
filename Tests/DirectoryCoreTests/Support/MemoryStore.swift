import Synchronization

@testable import DirectoryCore

/// A `ListStore` that keeps files in memory, so session tests touch no disk. A list loads
/// as a file's does: its records are rows of a table where they fit one.
final class MemoryStore: ListStore {
    struct File {
        var kind: ListKind
        var records: [Record]
        var format: FileFormat
        var version: Int
    }

    private let files = Mutex<[String: File]>([:])
    /// What the store says it keeps lists in: a file, or for tests of a database's words, a database.
    let medium: StoreMedium

    init(medium: StoreMedium = .file) { self.medium = medium }

    /// When set, the next save fails with this error.
    let failure = Mutex<StorageError?>(nil)

    /// The file at `path`, if any.
    func file(_ path: String) -> File? { files.withLock { $0[path] } }

    /// Puts a file in place, as another program would.
    func put(_ path: String, records: [Record], kind: ListKind = .person, format: FileFormat = .binaryPlist) {
        files.withLock { files in
            let version = (files[path]?.version ?? 0) + 1
            files[path] = File(kind: kind, records: records, format: format, version: version)
        }
    }

    /// Removes the file at `path`, as another program deleting it would.
    func remove(_ path: String) { _ = files.withLock { $0.removeValue(forKey: path) } }

    func load(location path: String, kind: ListKind?, fallback: ListKind) throws(StorageError) -> LoadedList? {
        guard let file = file(path) else { return nil }
        return LoadedList(
            kind: file.kind, records: RecordList(packing: file.records, kind: file.kind), format: file.format,
            version: version(of: file))
    }

    func save(_ records: RecordList, kind: ListKind, format: FileFormat, to path: String) throws(StorageError)
        -> ListVersion
    {
        if let error = failure.withLock({ $0 }) { throw error }
        put(path, records: records.array, kind: kind, format: format)
        guard let file = file(path) else { throw .writeFailed(path: path, reason: "lost") }
        return version(of: file)
    }

    /// Writes the whole list over whatever is there (a test double need not check versions).
    func write(_ list: ListWrite, to path: String, replacing: ListWrite.Replacing) throws(StorageError) -> ListVersion {
        guard case .whole(let records, let kind, let format) = list else {
            throw .writeFailed(path: path, reason: "a memory file is written whole")
        }
        return try save(records, kind: kind, format: format, to: path)
    }

    func version(at path: String, known: ListVersion?) throws(StorageError) -> ListVersion? {
        file(path).map(version(of:))
    }

    func lock(location path: String) throws(StorageError) -> ListLock { ListLock {} }

    /// Files that are not lists: what `import` reads and `export` writes.
    private let plainFiles = Mutex<[String: [UInt8]]>([:])

    /// The bytes of a plain (import or export) file, if any.
    func plainFile(_ path: String) -> [UInt8]? { plainFiles.withLock { $0[path] } }

    /// Puts a plain file in place, for `import` to read.
    func putPlain(_ path: String, _ text: String) { plainFiles.withLock { $0[path] = Array(text.utf8) } }

    /// The plain file's bytes, or the error a missing file gives.
    func readBytes(path: String) throws(StorageError) -> [UInt8] {
        guard let bytes = plainFile(path) else { throw .unreadable(path: path, reason: "there is no such file") }
        return bytes
    }

    /// Stores a plain file, failing like `save` when `failure` is set.
    func writeBytes(_ bytes: [UInt8], to path: String) throws(StorageError) {
        if let error = failure.withLock({ $0 }) { throw error }
        plainFiles.withLock { $0[path] = bytes }
    }

    /// Whether a list or a plain file is at `path`.
    func exists(location path: String) -> Bool { file(path) != nil || plainFile(path) != nil }

    private func version(of file: File) -> ListVersion {
        .file(FileVersion(size: file.records.count, modified: Int64(file.version), hash: UInt64(file.version)))
    }
}

extension Session {
    /// A session on `path` in `store`, with a fixed clock and counting identifiers.
    static func test(
        path: String = "/data/directory.plist", kind: ListKind? = nil, store: MemoryStore = MemoryStore(),
        now: Double = 0
    ) throws -> Session {
        try Session(location: path, kind: kind, store: store, environment: .fixed(now: now))
    }

    /// Parses and applies each line; returns the last output.
    @discardableResult
    mutating func run(_ lines: String...) throws -> CommandOutput {
        var output = CommandOutput.nothing
        for line in lines {
            guard let command = try CommandParser.parse(line)?.command else { continue }
            output = try apply(command)
        }
        return output
    }

    /// The names of the records, in order.
    var names: [String] { records.map { $0.values[0].text ?? "" } }
}
