import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `ListStore` of real files: reads whole files, writes atomically.
public struct FileStore: ListStore {
    /// How long a save waits for the lock on its folder.
    public var lockWait: LockWait
    /// How long a save's merge waits for a file that another program is writing in place.
    public var settleWait: SettleWait
    /// The kernel's clock that files are stamped with (`FileStamp.coarseClock`), for the rule
    /// that decides when a file's status proves its contents; tests put it back a tick.
    var clock: @Sendable () -> Int64 = FileStamp.coarseClock

    /// Creates a file store whose saves wait `lockWait` for the lock on their folder, and
    /// `settleWait` for a file being written by another program to hold a list.
    public init(lockWait: LockWait = .standard, settleWait: SettleWait = .standard) {
        self.lockWait = lockWait
        self.settleWait = settleWait
    }

    /// Reads and decodes the file at `path`; `nil` when it does not exist.
    ///
    /// An empty file is refused (`StorageError.emptyFile`): no list is 0 bytes, so it is a
    /// file being written or cut short. A file whose first bytes cannot start a list is
    /// refused after reading only its first window, never the whole file.
    ///
    /// The file is read under a read lease when one can be had at once (no program has it open
    /// for writing), so that its version can carry a stamp (`FileStamp`) and the save's look
    /// at the file need not read it again; a writer that opens it meanwhile waits no longer
    /// than the read of one window.
    public func load(location path: String, kind: ListKind?, fallback: ListKind) throws(StorageError)
        -> LoadedList?
    {
        let lease = WriterLease.attempt(path)
        defer { lease?.release() }
        return try read(location: path, kind: kind, fallback: fallback, lease: lease)?.list
    }

    /// Reads the list as `load` does, and tells which file was read (its status when opened)
    /// and whether it stayed unchanged while it was read (`ReadWindow.isUnchanged`). With
    /// `lease` (taken before), its version can carry a stamp.
    func read(location path: String, kind: ListKind?, fallback: ListKind, lease: WriterLease?) throws(StorageError)
        -> (list: LoadedList, file: stat, unchanged: Bool)?
    {
        guard var window = try ReadWindow(path: path, lease: lease, clock: clock) else { return nil }
        if let failure = window.failure { throw failure }
        if window.count == 0, window.atEnd { throw .emptyFile(path: path) }
        let format: FileFormat
        switch window.withBytes({ FileFormat.sniffStart($0, complete: window.atEnd) }) {
        case .format(let sniffed):
            format = sniffed
        case .notAList:
            throw .unknownFormat(path: path)
        case .undecided:
            // Only white space so far (or a few bytes that could begin `bplist`): read on.
            window.readToEnd()
            if let failure = window.failure { throw failure }
            guard let sniffed = window.withBytes({ FileFormat.sniff($0) }) else { throw .unknownFormat(path: path) }
            format = sniffed
        }
        // JSON is read a window at a time; the other formats whole.
        if format != .json { window.readToEnd() }
        if let failure = window.failure { throw failure }
        let decoded: (kind: ListKind, records: RecordList)
        do throws(FileFormatError) {
            if format == .json {
                decoded = try RecordCodec.decodeJSON(&window, kind: kind, fallback: fallback)
            } else {
                decoded = try window.withBytes { (bytes) throws(FileFormatError) in
                    try RecordCodec.decode(bytes, format: format, kind: kind, fallback: fallback)
                }
            }
        } catch {
            if let failure = window.failure { throw failure }
            throw .corrupt(path: path, format: format, error)
        }
        if let failure = window.failure { throw failure }
        let list = LoadedList(
            kind: decoded.kind, records: decoded.records, format: format, version: .file(window.version))
        return (list, window.opened, window.isUnchanged)
    }

    /// A list in this store is a file.
    public var medium: StoreMedium { .file }

    /// No: a file is written whole, there is no cheaper way to take a few changes.
    public var writesChanges: Bool { false }

    /// Encodes and writes the whole list with `AtomicFile`, piece by piece. It replaces only
    /// the version the session's merge read (or no file, for `.version(nil)`): when another
    /// program saved since, nothing of this save stays, the other version is the file, and
    /// this throws `changedMeanwhile` so the session merges that version and writes again
    /// (`AtomicFile.Placing`). `save!` and `save as` replace anything.
    public func write(_ list: ListWrite, to path: String, replacing: ListWrite.Replacing) throws(StorageError)
        -> ListVersion
    {
        guard case .whole(let records, let kind, let format) = list else {
            throw .writeFailed(path: path, reason: "a file is written whole, not as a set of changes")
        }
        let expected: AtomicFile.Expected
        switch replacing {
        case .anything: expected = .anything
        case .version(.file(let version)?): expected = .version(version)
        case .version: expected = .nothing
        }
        return .file(try write(records, kind: kind, format: format, to: path, replacing: expected))
    }

    /// Writes `records` over whatever is at `path` (as `save as` does), and returns the new version.
    public func save(_ records: RecordList, kind: ListKind, format: FileFormat, to path: String)
        throws(StorageError) -> ListVersion
    {
        .file(try write(records, kind: kind, format: format, to: path, replacing: .anything))
    }

    private func write(
        _ records: RecordList, kind: ListKind, format: FileFormat, to path: String,
        replacing expected: AtomicFile.Expected
    ) throws(StorageError) -> FileVersion {
        // The encoder hands over the file in pieces, which are hashed and written as
        // they come, so a save never holds a second copy of the list as bytes.
        var hash = ContentHash()
        var size = 0
        let placed: (modified: Int64, stamp: FileStamp?)
        do {
            placed = try AtomicFile.write(
                to: path, replacing: expected, writerWait: lockWait, stamped: true, clock: clock
            ) { output in
                RecordCodec.encode(records, kind: kind, format: format) { piece in
                    size += piece.byteCount
                    hash.add(piece)
                    output.write(piece)
                }
            }
        } catch .lateWriteKept(let path, let kept, nil) {
            // This save is in place: only the other program's late write is beside it.
            var status = stat()
            let time =
                unsafe stat(path, &status) == 0
                ? Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec) : 0
            throw .lateWriteKept(
                path: path, kept: kept, saved: FileVersion(size: size, modified: time, hash: hash.value))
        }
        return FileVersion(size: size, modified: placed.modified, hash: hash.value, stamp: placed.stamp)
    }

    /// The version of the file now. When `known` has a stamp (`FileStamp`) and the file's status
    /// is that stamp (device, inode, size, modification and change time), the file holds the
    /// contents `known` describes, and it is not read. Otherwise it is read and hashed: size
    /// and modification time alone miss a same-size save within one tick of a coarse clock
    /// (1 s on FAT, exFAT, many network shares), or one whose time was put back.
    public func version(at path: String, known: ListVersion?) throws(StorageError) -> ListVersion? {
        if case .file(let file)? = known, let stamp = file.stamp {
            var status = stat()
            if unsafe stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, FileStamp(status) == stamp {
                return .file(file)
            }
        }
        return try FileBytes.version(path: path, stamped: true, clock: clock).map(ListVersion.file)
    }

    /// Why no read lease (`WriterLease`) can be had on the file: without one, a program that
    /// truncates and writes it in place while a save replaces it writes into the removed version.
    public func unprotectedWriters(location path: String) -> String? {
        WriterLease.refusal(AtomicFile.resolvedTarget(path))
    }

    /// Locks the folder that holds `path` with `flock`, so saves from several processes take turns;
    /// waits at most `lockWait` for another process to let go.
    public func lock(location path: String) throws(StorageError) -> ListLock {
        try FolderLock.acquire(for: path, wait: lockWait)
    }

    /// Throws when the file at `path` is read-only: a plain `save` does not replace it.
    public func refuseReadOnly(location path: String) throws(StorageError) {
        try ReplacedFile.refuseReadOnly(path)
    }
}
