#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `ListStore` of real files: reads whole files, writes atomically.
public struct FileStore: ListStore {
    /// How long a save waits for the lock on its folder.
    public var lockWait: LockWait

    /// Creates a file store whose saves wait `lockWait` for the lock on their folder.
    public init(lockWait: LockWait = .standard) {
        self.lockWait = lockWait
    }

    /// Reads and decodes the file at `path`; `nil` when it does not exist.
    public func load(path: String, schema: RecordSchema?, fallback: RecordSchema) throws(StorageError) -> LoadedList? {
        guard let contents = try FileBytes.read(path: path) else { return nil }
        let bytes = contents.bytes
        let fingerprint = FileFingerprint(
            size: bytes.count, modified: contents.modified, hash: ContentHash.of(bytes))
        if bytes.isEmpty {
            // An empty file is what `touch` makes: a new, empty list in the format its name suggests.
            return LoadedList(
                schema: schema ?? fallback, records: [], format: FileFormat.forNewFile(named: path),
                fingerprint: fingerprint)
        }
        let result = bytes.withUnsafeBytes { buffer -> Result<LoadedList, StorageError> in
            guard let format = FileFormat.sniff(buffer) else { return .failure(.unknownFormat(path: path)) }
            do throws(FileFormatError) {
                let decoded = try RecordCodec.decode(buffer, format: format, schema: schema, fallback: fallback)
                return .success(
                    LoadedList(
                        schema: decoded.schema, records: decoded.records, format: format, fingerprint: fingerprint))
            } catch {
                return .failure(.corrupt(path: path, format: format, error))
            }
        }
        return try result.get()
    }

    /// Encodes and writes the records with `AtomicFile`, piece by piece. Text that an XML
    /// property list cannot hold is refused before anything is written.
    public func save(_ records: [Record], schema: RecordSchema, format: FileFormat, to path: String)
        throws(StorageError) -> FileFingerprint
    {
        if format == .xmlPlist, let problem = XMLPlistCharacterCheck.firstProblem(in: records, schema: schema) {
            throw .writeFailed(path: path, reason: problem)
        }
        // The encoder hands over the file in pieces, which are hashed and written as
        // they come, so a save never holds a second copy of the list as bytes.
        var hash = ContentHash()
        var size = 0
        let modified = try AtomicFile.write(to: path) { output in
            RecordCodec.encode(records, schema: schema, format: format) { piece in
                hash.add(piece)
                size += piece.count
                output.write(piece)
            }
        }
        return FileFingerprint(size: size, modified: modified, hash: hash.value)
    }

    /// The fingerprint of the file now. The file is always read and hashed: size and
    /// modification time alone miss a same-size save within one tick of a coarse clock
    /// (1 s on FAT, exFAT, many network shares), or one whose time was put back.
    public func fingerprint(path: String, known: FileFingerprint?) throws(StorageError) -> FileFingerprint? {
        try FileBytes.fingerprint(path: path)
    }

    /// Locks the folder that holds `path` with `flock`, so saves from several processes take turns;
    /// waits at most `lockWait` for another process to let go.
    public func lock(path: String) throws(StorageError) -> FileLock {
        try FolderLock.acquire(for: path, wait: lockWait)
    }

    /// Throws when the file at `path` is read-only: a plain `save` does not replace it.
    public func refuseReadOnly(path: String) throws(StorageError) {
        try ReplacedFile.refuseReadOnly(path)
    }
}
