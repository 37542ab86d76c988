import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Recovery journals as files in one folder (`DataPaths.recoveryFolder`), one per
/// session: `HASH-PID.journal`, where HASH is `RecoveryLocation.hash` of the list.
///
/// A session holds an exclusive `flock` on its journal for as long as it runs, so a
/// journal nobody holds belongs to a session that ended (a reused pid does not matter).
/// Files are created 0600 with `O_EXCL|O_NOFOLLOW` in a folder made 0700; a folder
/// that others could write is refused.
public final class FileRecoveryStore: RecoveryStore {
    let folder: String
    private let pid: Int
    private let now: () -> Double
    private var descriptor: Int32 = -1
    private var journalName: String?
    private var journalLocation: String?
    private var lastPath: (path: String, location: String)?
    private var unsynced = false
    private var folderUnsynced = false
    private var problem: String?
    private var reported = false

    /// A store in `folder`, for the process `pid`; `now` gives seconds since 2001.
    public init(folder: String, pid: Int, now: @escaping () -> Double) {
        self.folder = folder
        self.pid = pid
        self.now = now
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Adds encoded entries to this session's journal of the list at `path` (a location), starting the
    /// journal (made under a hidden name, locked and headed, then linked) when there is none.
    public func append(_ entries: [UInt8], location path: String, kind: String) {
        append(entries, location: path, kind: kind, witnesses: [])
    }

    /// As `append(_:location:kind:)`; a journal it starts keeps `witnesses` in its header.
    public func append(_ entries: [UInt8], location path: String, kind: String, witnesses: [RecordID]) {
        let location = location(of: path)
        if descriptor < 0 || location != journalLocation {
            removeJournal()
            start(location: location, kind: kind, witnesses: witnesses)
        }
        guard descriptor >= 0 else { return }
        write(entries)
    }

    /// Makes what was appended durable (fsync); returns a problem to report once, if any.
    public func sync() -> String? {
        if unsynced, descriptor >= 0, fsync(descriptor) != 0 { fail("could not flush it to disk") }
        unsynced = false
        if folderUnsynced {
            let folderDescriptor = unsafe open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folderDescriptor >= 0 {
                fsync(folderDescriptor)
                close(folderDescriptor)
            }
            folderUnsynced = false
        }
        guard let problem, !reported else { return nil }
        reported = true
        return problem
    }

    /// Whether no write to the journal failed.
    public var isKept: Bool { problem == nil }

    /// Removes this session's journal: nothing is unsaved, or it was discarded on purpose.
    public func removeJournal() {
        guard descriptor >= 0 else { return }
        if let journalName { unsafe unlink(folder + "/" + journalName) }
        close(descriptor)
        descriptor = -1
        journalName = nil
        journalLocation = nil
        unsynced = false
    }

    /// The journals for the list at `path` of sessions that are no longer running (their
    /// lock is free), oldest first.
    public func orphans(of path: String) -> [RecoveryOrphan] {
        let location = location(of: path)
        let prefix = RecoveryLocation.hash(location) + "-"
        var found: [RecoveryOrphan] = []
        for name in RecoveryFolder.names(in: folder)
        where name.hasPrefix(prefix) && name.hasSuffix(".journal") && name != journalName {
            guard let orphan = RecoveryFolder.readUnlocked(folder + "/" + name, name: name),
                RecoveryJournal.decode(orphan.bytes)?.location ?? location == location
            else { continue }
            found.append(orphan)
        }
        return found.sorted { $0.modified < $1.modified }
    }

    /// Deletes an orphan's journal (after `recover` or `discard`).
    public func remove(_ orphan: RecoveryOrphan) {
        let path = folder + "/" + orphan.name
        let file = unsafe open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return }
        defer { close(file) }
        if flock(file, LOCK_EX | LOCK_NB) == 0 { unsafe unlink(path) }
    }

    private func location(of path: String) -> String {
        if let lastPath, lastPath.path == path { return lastPath.location }
        let location = RecoveryLocation.of(path)
        lastPath = (path, location)
        return location
    }

    /// Creates this session's journal for `location` and writes its header.
    ///
    /// The journal is made under a name no other session looks at (`.NAME.new`), locked,
    /// given its header, and only then linked to its own name: a session starting at the
    /// same moment never finds it empty (and reports it unreadable) or takes it for the
    /// journal of a session that ended, and its lock cannot be missed because that session
    /// held the file for a look while it was being made.
    private func start(location: String, kind: String, witnesses: [RecordID]) {
        if let refusal = RecoveryFolder.prepare(folder) {
            fail(refusal)
            return
        }
        let hash = RecoveryLocation.hash(location)
        let header = RecoveryJournal.header(
            location: location, kind: kind, pid: pid, started: now(), witnesses: witnesses)
        let making = folder + "/.\(hash)-\(pid).journal.new"
        unsafe unlink(making)  // left by a process of this pid that died while making its journal
        let file = unsafe open(making, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else {
            fail(unsafe "could not create it: \(String(cString: strerror(errno)))")
            return
        }
        defer { unsafe unlink(making) }
        let failure = DescriptorWrite.all(header.span, to: file)
        guard flock(file, LOCK_EX | LOCK_NB) == 0, failure == 0 else {
            let code = failure == 0 ? errno : failure
            close(file)
            fail(unsafe "could not \(failure == 0 ? "lock" : "write") it: \(String(cString: strerror(code)))")
            return
        }
        for attempt in 1...100 {
            let name = attempt == 1 ? "\(hash)-\(pid).journal" : "\(hash)-\(pid)-\(attempt).journal"
            guard unsafe link(making, folder + "/" + name) == 0 else {
                if errno == EEXIST { continue }
                close(file)
                fail(unsafe "could not create it: \(String(cString: strerror(errno)))")
                return
            }
            descriptor = file
            journalName = name
            journalLocation = location
            folderUnsynced = true
            unsynced = true
            return
        }
        close(file)
        fail("could not find a free name for it")
    }

    private func write(_ bytes: [UInt8]) {
        let failure = DescriptorWrite.all(bytes.span, to: descriptor)
        guard failure == 0 else {
            fail(unsafe "could not write it: \(String(cString: strerror(failure)))")
            return
        }
        unsynced = true
    }

    private func fail(_ reason: String) {
        guard problem == nil else { return }
        problem = "the recovery journal in \(folder) is not kept (\(reason)): unsaved changes would not survive a crash"
    }
}
