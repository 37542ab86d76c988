import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read lease on the file a save replaces (Linux's `F_SETLEASE`): while it is held, no
/// other program can open the file for writing without the kernel first telling this one,
/// and that program waits in `open` until the lease is given up. So a writer that truncates
/// in place (the Directory app's `Data.write(to:)`) cannot write into the old version
/// between the check that it is unchanged and its removal: its `open` waits, the lease
/// shows it, and the save swaps the old version back so the write lands in the file.
///
/// The kernel grants a lease only to the file's owner (or with `CAP_LEASE`), on file
/// systems that have leases, and only while no one has the file open for writing; where
/// none can be had, the save goes on without one, as before (`docs/safety.md`).
final class WriterLease {
    /// `F_SETLEASE` and `F_GETLEASE` from `<fcntl.h>` (behind `_GNU_SOURCE`, so not in
    /// Glibc's Swift module).
    private static let setLease: Int32 = 1024
    private static let getLease: Int32 = 1025

    /// The descriptor the lease is held on, opened read-only; -1 once given up.
    private var descriptor: Int32
    /// The file's status when the lease was taken.
    let status: stat

    private init(descriptor: Int32, status: stat) {
        self.descriptor = descriptor
        self.status = status
    }

    /// Takes a lease on the file at `path`. While another program has it open for writing
    /// (it is writing it now), waits for it to close it, as `wait` allows: after a second it
    /// says what it waits for (the program and pid, where `/proc` tells), and when the wait
    /// runs out (or is cancelled) it throws, so the save never replaces a file a program is
    /// still writing into. `nil` where no lease can be had: no file, not a regular file, not
    /// this user's, or a file system or system without leases.
    static func take(_ path: String, shown: String, wait: LockWait) throws(StorageError) -> WriterLease? {
        #if os(Linux)
            ignoreBreakSignal
            let descriptor = unsafe open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { return nil }
            var status = stat()
            guard unsafe fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                close(descriptor)
                return nil
            }
            let start = FileStore.monotonicSeconds()
            var told = false
            while fcntl(descriptor, setLease, Int32(F_RDLCK)) != 0 {
                let code = errno
                if code == EINTR { continue }
                guard code == EAGAIN else {
                    close(descriptor)
                    return nil
                }
                let waited = FileStore.monotonicSeconds() - start
                // Asked once: asking may take the cancel (Ctrl-C) that it reports.
                let cancelled = wait.isCancelled()
                if cancelled || waited >= wait.seconds {
                    let writer = OpenWriters.describe(status).map { " (\($0))" } ?? ""
                    close(descriptor)
                    throw .writeFailed(
                        path: shown,
                        reason: "another program\(writer) "
                            + (cancelled
                                ? "has it open for writing, and the wait for it was cancelled"
                                : "has had it open for writing for \(Int(wait.seconds)) seconds, and a save now would "
                                    + "replace the file it writes into; nothing was written")
                            + " (save again once it has finished)")
                }
                if !told, waited >= 1 {
                    told = true
                    let writer =
                        OpenWriters.describe(status).map { ", open for writing by " + $0 } ?? ", open for writing"
                    wait.waiting("\(VisibleText.of(shown))\(writer)")
                }
                usleep(2_000)
            }
            // Taken once no writer has it open: what a writer wrote before is in this status.
            guard unsafe fstat(descriptor, &status) == 0 else {
                close(descriptor)
                return nil
            }
            return WriterLease(descriptor: descriptor, status: status)
        #else
            return nil
        #endif
    }

    /// Takes a lease on the regular file at `path` if one can be had at once: `nil` when a
    /// program has it open for writing, or where `take` gives none. Never waits.
    static func attempt(_ path: String) -> WriterLease? {
        #if os(Linux)
            ignoreBreakSignal
            let descriptor = unsafe open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { return nil }
            var status = stat()
            var code: Int32 = 0
            if unsafe fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                repeat {
                    code = fcntl(descriptor, setLease, Int32(F_RDLCK)) == 0 ? 0 : errno
                } while code == EINTR
            } else {
                code = EINVAL
            }
            guard code == 0, unsafe fstat(descriptor, &status) == 0 else {
                close(descriptor)
                return nil
            }
            return WriterLease(descriptor: descriptor, status: status)
        #else
            return nil
        #endif
    }

    /// The file's status now, while the lease is held, once the kernel's clock has moved past
    /// its times (waited for up to `limit` seconds), as a stamp (`FileStamp`): no program can
    /// change the file before the lease is given up, so any change then gets a later change
    /// time. `nil` when the lease is given up, or the clock did not move past in time.
    func stamp(waitingUpTo limit: Double, clock: () -> Int64 = FileStamp.coarseClock) -> FileStamp? {
        var now = stat()
        guard descriptor >= 0, unsafe fstat(descriptor, &now) == 0, FileStamp.hasThisMachinesClock(descriptor) else {
            return nil
        }
        let stamp = FileStamp(now)
        let deadline = FileStore.monotonicSeconds() + limit
        while !stamp.isOlder(than: clock()) {
            guard FileStore.monotonicSeconds() < deadline else { return nil }
            usleep(500)
        }
        return stamp
    }

    /// Why no lease can be had on the file at `path`, in words that end a sentence ("it belongs
    /// to another user ..."); `nil` when one can, or when that cannot be told now (no file, not
    /// a regular file, or a program has it open for writing).
    static func refusal(_ path: String) -> String? {
        #if os(Linux)
            ignoreBreakSignal
            let descriptor = unsafe open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var status = stat()
            guard unsafe fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            var code: Int32 = 0
            repeat {
                code = fcntl(descriptor, setLease, Int32(F_RDLCK)) == 0 ? 0 : errno
            } while code == EINTR
            if code == 0 { _ = fcntl(descriptor, setLease, Int32(F_UNLCK)) }
            switch code {
            case 0, EAGAIN:
                return nil
            case EACCES, EPERM:
                return "it belongs to another user, and only the file's owner can hold a lease on it"
            default:
                if LockHolder.smallFile("/proc/sys/fs/leases-enable")?.hasPrefix("0") == true {
                    return "file leases are turned off on this system (/proc/sys/fs/leases-enable is 0)"
                }
                return "its file system gives no file leases (\(SystemError.describe(code)))"
            }
        #else
            return "this system has no file leases"
        #endif
    }

    /// Whether another program has opened the file for writing since the lease was taken
    /// (it now waits in `open` for the lease to be given up).
    var isBroken: Bool {
        fcntl(descriptor, Self.getLease) != Int32(F_RDLCK)
    }

    /// Whether `other` is the leased file.
    func isFile(_ other: stat) -> Bool {
        other.st_ino == status.st_ino && other.st_dev == status.st_dev
    }

    /// Gives the lease up: a writer waiting in `open` goes on.
    func release() {
        guard descriptor >= 0 else { return }
        _ = fcntl(descriptor, Self.setLease, Int32(F_UNLCK))
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }

    /// After the leased file was removed and a writer opened it all the same (it resolved
    /// the file's name before the save swapped it out): gives the lease up, lets the writer
    /// write, and copies what it wrote to a new file `kept` (mode 0600), so it is not lost
    /// with the removed file. Waits at most `limit` seconds for the write. Returns whether
    /// the whole of the file was copied.
    func releaseKeepingLateWrite(as kept: String, waitingUpTo limit: Double = 2) -> Bool {
        guard descriptor >= 0 else { return false }
        let descriptor = self.descriptor
        self.descriptor = -1
        defer { close(descriptor) }
        _ = fcntl(descriptor, Self.setLease, Int32(F_UNLCK))
        // The writer truncates, then writes: wait until the file holds something new and has
        // held still for a few looks.
        let deadline = FileStore.monotonicSeconds() + limit
        var last = status
        var still = 0
        while FileStore.monotonicSeconds() < deadline, still < 4 {
            usleep(5_000)
            var now = stat()
            guard unsafe fstat(descriptor, &now) == 0 else { break }
            let written = now.st_size > 0 && !Self.sameTimeAndSize(now, status)
            still = written && Self.sameTimeAndSize(now, last) ? still + 1 : 0
            last = now
        }
        return Self.copy(from: descriptor, to: kept)
    }

    private static func sameTimeAndSize(_ first: stat, _ second: stat) -> Bool {
        first.st_size == second.st_size && first.st_mtim.tv_sec == second.st_mtim.tv_sec
            && first.st_mtim.tv_nsec == second.st_mtim.tv_nsec
    }

    /// Copies the whole of the open file `source` to a new file at `path`.
    private static func copy(from source: Int32, to path: String) -> Bool {
        let target = unsafe open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard target >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        var complete = true
        while true {
            let count = unsafe buffer.withUnsafeMutableBytes {
                unsafe DescriptorRead.some(into: $0, from: source, at: offset)
            }
            if count <= 0 {
                complete = count == 0
                break
            }
            let failure = DescriptorWrite.all(buffer.span.extracting(..<count), to: target)
            guard failure == 0 else {
                complete = false
                break
            }
            offset += off_t(count)
        }
        complete = fsync(target) == 0 && complete
        close(target)
        return complete
    }

    /// A broken lease is announced with `SIGIO`, whose default action ends the program: it
    /// is ignored, unless the program already handles it.
    private static let ignoreBreakSignal: Void = {
        var current = sigaction()
        if unsafe sigaction(SIGIO, nil, &current) == 0, unsafe current.__sigaction_handler.sa_handler == nil {
            signal(SIGIO, SIG_IGN)
        }
    }()
}
