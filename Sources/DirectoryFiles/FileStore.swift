import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `ListStore` of real files: reads whole files, writes atomically.
///
/// The whole store is here: `load`, the settled read a save's merge takes (`loadSettled`),
/// `version`, `write` (through `AtomicFile`), the lock on the list's folder (`FolderLock`),
/// and the plain files of `import` and `export`.
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
    ///
    /// A file found empty or not a list that changed while it was read is being written by
    /// another program (`Data.write` without `.atomic` truncates, then writes): it is read
    /// again once it holds a list or stops changing (`loadSettled`), not called damaged.
    public func load(location path: String, kind: ListKind?, fallback: ListKind) throws(StorageError)
        -> LoadedList?
    {
        let before = Self.status(of: path)
        do {
            let lease = WriterLease.attempt(path)
            defer { lease?.release() }
            return try read(location: path, kind: kind, fallback: fallback, lease: lease)?.list
        } catch {
            switch error {
            case .emptyFile, .corrupt, .unknownFormat:
                guard Self.status(of: path) != before else { throw error }
                return try loadSettled(location: path, kind: kind, fallback: fallback)
            default:
                throw error
            }
        }
    }

    /// Reads the list as `load` does, and tells which file was read (its status when opened)
    /// and whether it stayed unchanged while it was read (`ReadWindow.isUnchanged`). With
    /// `lease` (taken before), its version can carry a stamp, and a large plist is mapped
    /// (`mapping`); a mapped file found cut short or changed once decoded is read again
    /// unmapped, and what the mapping held is thrown away.
    func read(
        location path: String, kind: ListKind?, fallback: ListKind, lease: WriterLease?,
        mapping: ReadWindow.Mapping = .underLease
    ) throws(StorageError) -> (list: LoadedList, file: stat, unchanged: Bool)? {
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
            window.readToEnd(mapping: mapping)
            if let failure = window.failure { throw failure }
            guard let sniffed = window.withBytes({ FileFormat.sniff($0) }) else { throw .unknownFormat(path: path) }
            format = sniffed
        }
        // JSON is read a window at a time; the other formats whole.
        if format != .json { window.readToEnd(mapping: mapping) }
        if let failure = window.failure { throw failure }
        let decoded: (kind: ListKind, records: RecordList)
        do throws(FileFormatError) {
            if format == .json {
                decoded = try RecordCodec.decodeJSON(&window, kind: kind, fallback: fallback)
            } else if format == .binaryPlist, window.atEnd, window.failure == nil {
                // The file's size and hash go with a list a save may append to (`BinaryPlistCopiedSave`):
                // asked once the list is read, so that a mapped file's hash is made meanwhile.
                decoded = try window.withBytes { (bytes) throws(FileFormatError) in
                    try RecordCodec.decodeBinaryPlist(bytes, kind: kind, fallback: fallback) {
                        RecordSource(size: window.readSize, hash: window.contentHash, checkpoints: [])
                    }
                }
            } else {
                decoded = try window.withBytes { (bytes) throws(FileFormatError) in
                    try RecordCodec.decode(bytes, format: format, kind: kind, fallback: fallback)
                }
            }
        } catch {
            if !window.holdsTheFile {
                return try read(location: path, kind: kind, fallback: fallback, lease: lease, mapping: .never)
            }
            if let failure = window.failure { throw failure }
            throw .corrupt(path: path, format: format, error)
        }
        if !window.holdsTheFile {
            return try read(location: path, kind: kind, fallback: fallback, lease: lease, mapping: .never)
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
        // The encoder hands over the file in pieces, which are hashed and written as they
        // come (`AtomicFile.Output`), so a save never holds a second copy of the list as bytes.
        var written: (size: Int, hash: UInt64, failure: Int32) = (0, 0, 0)
        let placed: (modified: Int64, stamp: FileStamp?)
        do {
            placed = try AtomicFile.write(
                to: path, replacing: expected, writerWait: lockWait, stamped: true, clock: clock
            ) { output in
                // A JSON list saved over the file it was read from copies what did not change.
                let copied: Bool
                if format == .json, case .version(let version) = expected {
                    copied = JSONCopiedSave.write(records, kind: kind, replacing: version, path: path, to: &output)
                } else if format == .binaryPlist, case .version(let version) = expected {
                    // A binary one to which records were only appended copies the old objects.
                    copied = BinaryPlistCopiedSave.write(
                        records, kind: kind, replacing: version, path: path, to: &output)
                } else {
                    copied = false
                }
                if !copied { RecordCodec.encode(records, kind: kind, format: format) { output.write($0) } }
                written = output.finish()
            }
        } catch .lateWriteKept(let path, let kept, nil) {
            // This save is in place: only the other program's late write is beside it.
            var status = stat()
            let time =
                unsafe stat(path, &status) == 0
                ? Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec) : 0
            throw .lateWriteKept(
                path: path, kept: kept, saved: FileVersion(size: written.size, modified: time, hash: written.hash))
        }
        return FileVersion(size: written.size, modified: placed.modified, hash: written.hash, stamp: placed.stamp)
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
        // With a wait, `acquire` returns a lock or throws.
        guard let lock = try FolderLock.acquire(for: path, wait: lockWait) else {
            throw .writeFailed(path: path, reason: "could not lock its folder")
        }
        return lock
    }

    /// Locks the folder that holds `path` if no other process holds it now; `nil` if one does.
    public func lockIfFree(location path: String) throws(StorageError) -> ListLock? {
        try FolderLock.acquire(for: path, wait: nil)
    }

    /// Throws when the file at `path` is read-only: a plain `save` does not replace it.
    public func refuseReadOnly(location path: String) throws(StorageError) {
        try ReplacedFile.refuseReadOnly(path)
    }
}

/// Waiting for a file that another program writes in place to hold a list again.
///
/// The Directory app saves with `Data.write(to:)`, which truncates the file and then writes
/// it: for a moment the file is empty or half-written. A save's merge that reads it then
/// must not take it for a list (an empty one would delete every record), so it watches the
/// file's size and time until it holds a list again or stops changing.
extension FileStore {
    /// How a save waits for a file being written in place to settle.
    public struct SettleWait: Sendable {
        /// The longest wait, in seconds.
        public var limit: Double
        /// How long the size and time must stay the same for the file to count as settled.
        public var quiet: Double
        /// Waits before the next look (the poll number is given); tests replace it.
        public var pause: @Sendable (Int) -> Void

        /// A wait of at most `limit` seconds, settled after `quiet` seconds without a change.
        public init(limit: Double, quiet: Double, pause: @escaping @Sendable (Int) -> Void = { _ in usleep(5_000) }) {
            self.limit = limit
            self.quiet = quiet
            self.pause = pause
        }

        /// About 2 seconds at most, settled after a quarter of a second without a change,
        /// looking every 5 ms: `Data.write` takes far less than that to write a list.
        public static let standard = SettleWait(limit: 2, quiet: 0.25)
    }

    /// Reads the list as `load` does; where the file is empty or not a list, waits for it to
    /// become one (read again after each change) or to stop changing (then throws why it is
    /// not a list), for at most `settleWait.limit` seconds (then throws `unsettled`).
    public func loadSettled(location path: String, kind: ListKind?, fallback: ListKind) throws(StorageError)
        -> LoadedList?
    {
        var problem: StorageError
        do {
            if let read = try readWhole(location: path, kind: kind, fallback: fallback) { return read }
            problem = .unsettled(path: path)
        } catch {
            guard error.isNotAList else { throw error }
            problem = error
        }
        let start = Self.monotonicSeconds()
        var seen = Self.status(of: path)
        var quietSince = start
        // The writer may have finished between the failed read and this first look (an
        // in-place rewrite of the same size within the clock's tick shows no change): so the
        // file is read once more before it counts as settled.
        var triedSinceChange = false
        var poll = 0
        while true {
            poll += 1
            settleWait.pause(poll)
            let now = Self.monotonicSeconds()
            let status = Self.status(of: path)
            if status != seen {
                seen = status
                quietSince = now
                triedSinceChange = false
            } else if !triedSinceChange {
                // Unchanged since the last look: read what is there now.
                triedSinceChange = true
                do {
                    if let read = try readWhole(location: path, kind: kind, fallback: fallback) { return read }
                    problem = .unsettled(path: path)
                } catch {
                    guard error.isNotAList else { throw error }
                    problem = error
                }
            } else if now - quietSince >= settleWait.quiet {
                throw problem
            }
            if now - start >= settleWait.limit { throw .unsettled(path: path) }
        }
    }

    /// Reads the list as `load` does, but takes it only when no other program wrote the file
    /// while it was read: a read between two chunks of an in-place rewrite can parse as
    /// another valid list, holding values neither side wrote.
    ///
    /// A read lease (`WriterLease`) is taken first: it is granted only while no program has
    /// the file open for writing (a writer still writing is waited for, as a save waits, and
    /// named after a second), and a writer that opens the file during the read waits in `open`
    /// and breaks it. Where no lease can be had, the file read must show the same size and
    /// times after the read as before. `nil` when it changed: the settle loop reads it again
    /// once it stops changing; `.some(nil)` when there is no file.
    private func readWhole(location path: String, kind: ListKind?, fallback: ListKind) throws(StorageError)
        -> LoadedList??
    {
        let lease = try WriterLease.take(path, shown: path, wait: lockWait)
        defer { lease?.release() }
        guard let read = try read(location: path, kind: kind, fallback: fallback, lease: lease) else {
            return .some(nil)
        }
        guard read.unchanged, lease.map({ $0.isFile(read.file) && !$0.isBroken }) != false else { return nil }
        return .some(read.list)
    }

    /// The file's size, modification time and inode, or `nil` when there is none.
    private static func status(of path: String) -> [Int64]? {
        var info = stat()
        guard unsafe stat(path, &info) == 0 else { return nil }
        return [
            Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ino),
        ]
    }

    /// Seconds on a clock that never jumps, for waits.
    static func monotonicSeconds() -> Double {
        var time = timespec()
        unsafe clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// The plain files that `import` reads and `export` writes, and whether a path is taken.
extension FileStore {
    /// Reads the whole file, or a stream (a pipe, a FIFO, a device) up to 64 MiB;
    /// a missing file is an error, named as such.
    public func readBytes(path: String) throws(StorageError) -> [UInt8] {
        try readBytes(path: path, stoppingWhen: nil)
    }

    /// Reads as `readBytes(path:)` does; a stream's wait for its writer stops when
    /// `interruption` is asked for (Ctrl-C at the prompt), with what was read by then.
    public func readBytes(path: String, stoppingWhen interruption: Interruption?) throws(StorageError) -> [UInt8] {
        guard let contents = try FileBytes.read(path: path, streams: true, stoppingWhen: interruption) else {
            throw .unreadable(path: path, reason: "there is no such file")
        }
        return contents.bytes
    }

    /// Writes the file with `AtomicFile`, so a failed export leaves any old file whole.
    public func writeBytes(_ bytes: [UInt8], to path: String) throws(StorageError) {
        _ = try AtomicFile.write(bytes, to: path)
    }

    /// Whether `path` names anything (a file, a folder, a symbolic link to one): one `stat`,
    /// without reading the file. A path that cannot be looked up counts as free, and
    /// writing there then fails with its own message.
    public func exists(location path: String) -> Bool {
        var status = stat()
        return unsafe stat(path, &status) == 0
    }

    /// The folder part of `path` when nothing is there (`ENOENT`: a missing folder on the
    /// way, or the folder itself); `nil` for a path without a folder part or a folder that is
    /// there (one `stat`).
    public func missingFolder(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return nil }
        let folder = String(path[..<slash])
        var status = stat()
        guard unsafe stat(folder, &status) != 0, errno == ENOENT else { return nil }
        return folder
    }

    /// Whether the two paths are one file: the same device and inode (or the same spelling).
    public func isSameList(_ path: String, as other: String) -> Bool {
        if path == other { return true }
        var first = stat()
        var second = stat()
        guard unsafe stat(path, &first) == 0, unsafe stat(other, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}

/// The advisory `flock` on a list's folder that keeps saves from several processes
/// from interleaving. The wait for it is bounded: a process that holds it forever
/// (by mistake or on purpose) makes a save fail with a message, never hang.
enum FolderLock {
    /// Locks the folder that holds `path`, waiting as `wait` allows; with no `wait`, `nil`
    /// when another process holds it.
    static func acquire(for path: String, wait: LockWait?) throws(StorageError) -> ListLock? {
        let folder = AtomicFile.split(AtomicFile.resolvedTarget(path)).folder
        let descriptor = unsafe open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .writeFailed(path: path, reason: SystemError.describe(errno))
        }
        let start = FileStore.monotonicSeconds()
        let deadline = start + (wait?.seconds ?? 0)
        var told = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                close(descriptor)
                throw .writeFailed(path: path, reason: "could not lock its folder: " + SystemError.describe(code))
            }
            guard let wait else {
                close(descriptor)
                return nil
            }
            if wait.isCancelled() {
                close(descriptor)
                throw .writeFailed(path: path, reason: "the wait for the lock on its folder was cancelled")
            }
            if !told, FileStore.monotonicSeconds() >= start + 1 {
                told = true
                let holder = LockHolder.describe(descriptor: descriptor).map { ", held by " + $0 } ?? ""
                wait.waiting("the lock on \(VisibleText.of(Self.absolute(folder)))\(holder)")
            }
            if FileStore.monotonicSeconds() >= deadline {
                let holder = LockHolder.describe(descriptor: descriptor).map { " (\($0))" } ?? ""
                close(descriptor)
                throw .writeFailed(
                    path: path,
                    reason: "another program\(holder) has held the lock on its folder for "
                        + "\(Int(wait.seconds)) seconds; save again when it lets go")
            }
            usleep(20_000)
        }
        return ListLock {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// The folder's absolute path for a message (`.` says nothing), or `folder` itself.
    private static func absolute(_ folder: String) -> String {
        guard let resolved = unsafe realpath(folder, nil) else { return folder }
        defer { unsafe free(resolved) }
        return unsafe String(cString: resolved)
    }
}

/// Who holds a `flock`, as Linux lists it in `/proc/locks`: for the message of a
/// save that waited too long. `nil` wherever that cannot be told.
enum LockHolder {
    /// `process 1234, NAME` for the process holding a lock on the file open as `descriptor`.
    static func describe(descriptor: Int32) -> String? {
        var info = stat()
        guard unsafe fstat(descriptor, &info) == 0, let locks = smallFile("/proc/locks") else { return nil }
        let device = UInt64(info.st_dev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        let key = hex(major) + ":" + hex(minor) + ":" + String(info.st_ino)
        for line in locks.split(separator: "\n") {
            let words = line.split(separator: " ")
            // "1: FLOCK  ADVISORY  WRITE 2345 08:01:1234 0 EOF"; waiters have "->" after the number.
            guard words.count >= 6, words[1] == "FLOCK", words[5] == key, let pid = Int32(words[4]), pid > 0
            else { continue }
            guard let name = smallFile("/proc/\(pid)/comm") else { return "process \(pid)" }
            return "process \(pid), " + VisibleText.of(String(name.prefix { $0 != "\n" }))
        }
        return nil
    }

    /// Two hexadecimal digits at least, as `/proc/locks` writes device numbers.
    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }

    /// The text of a small file under `/proc` (whose size `stat` reports as 0).
    static func smallFile(_ path: String) -> String? {
        let descriptor = unsafe open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        _ = DescriptorRead.appendRest(of: descriptor, to: &bytes, limit: (1 << 20) - 1)
        return String(decoding: bytes, as: UTF8.self)
    }
}
