import CFileSystem
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
///
/// Beside it: who has a file open for writing, for the message of a wait (`OpenWriters`), and
/// when a file's status, taken under the lease, proves its contents (`FileStamp`'s rule).
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

/// Which other process has a file open for writing, as Linux's `/proc` tells (each
/// process's `fd` links and the access mode in `fdinfo`): for the message of a save that
/// waits for that program to finish. `nil` wherever that cannot be told (another user's
/// processes are not visible to this one).
enum OpenWriters {
    /// `process 1234, NAME` for a process other than this one that has the file whose status
    /// is `file` open for writing; `nil` when none is found.
    static func describe(_ file: stat) -> String? {
        let own = getpid()
        for entry in RecoveryFolder.names(in: "/proc") {
            guard let pid = Int32(entry), pid != own else { continue }
            let folder = "/proc/\(entry)/fd"
            for descriptor in RecoveryFolder.names(in: folder) {
                var status = stat()
                guard unsafe stat(folder + "/" + descriptor, &status) == 0, status.st_ino == file.st_ino,
                    status.st_dev == file.st_dev, writes(pid: entry, descriptor: descriptor)
                else { continue }
                let name = LockHolder.smallFile("/proc/\(entry)/comm").map { String($0.prefix { $0 != "\n" }) }
                return "process \(pid)" + (name.map { ", " + VisibleText.of($0) } ?? "")
            }
        }
        return nil
    }

    /// Whether the descriptor is open for writing (its `flags` in `fdinfo`, octal, have
    /// `O_WRONLY` or `O_RDWR`).
    private static func writes(pid: String, descriptor: String) -> Bool {
        guard let info = LockHolder.smallFile("/proc/\(pid)/fdinfo/\(descriptor)") else { return false }
        for line in info.split(separator: "\n") where line.hasPrefix("flags:") {
            let digits = line.dropFirst("flags:".count).trimmingPrefix { $0 == " " || $0 == "\t" }
            guard let flags = Int32(digits, radix: 8) else { return false }
            return flags & O_ACCMODE == O_WRONLY || flags & O_ACCMODE == O_RDWR
        }
        return false
    }
}

/// When a file's status proves its contents (git's "racy" rule, `docs/safety.md`).
///
/// The kernel sets a file's change time to the clock's time at every change, and nothing can
/// set it back. So a status taken while the file held known contents proves them later, when
/// the status is the same, if every change after it would get a later change time: if the
/// clock had already moved past the file's times at a moment after which no change could go
/// unseen. A status taken within the clock's tick of the file's last change proves nothing (a
/// program that writes the same number of bytes in that tick leaves size and times as they
/// were): the file is then read and hashed, as it always was.
extension FileStamp {
    /// The stamp of `status`.
    init(_ status: stat) {
        self.init(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int(status.st_size),
            modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
            changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec))
    }

    /// Whether the open file `descriptor` is a regular file whose status is this stamp: it
    /// holds the contents the stamp's version names (a copying save checks it before and after
    /// its copy).
    func matches(_ descriptor: Int32) -> Bool {
        var status = stat()
        return unsafe fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && FileStamp(status) == self
    }

    /// `status` (of the open file `descriptor`) as a stamp, when it proves the contents the file
    /// held then: on a file system whose times come from this machine's clock, with both times
    /// older than `clock` (`isOlder(than:)`), a reading of `coarseClock` taken at a moment after
    /// which any change to the file shows in its status. `nil` otherwise.
    static func proving(_ status: stat, of descriptor: Int32, clock: Int64) -> FileStamp? {
        let stamp = FileStamp(status)
        guard stamp.isOlder(than: clock), hasThisMachinesClock(descriptor) else { return nil }
        return stamp
    }

    /// Whether both times are older than `clock` by more than the file system's clock tick:
    /// by a nanosecond where times have nanoseconds; by 2 seconds where neither has (ext4 with
    /// small inodes keeps whole seconds, and a file system stamping in seconds rounds down).
    func isOlder(than clock: Int64) -> Bool {
        let wholeSeconds = modified % 1_000_000_000 == 0 && changed % 1_000_000_000 == 0
        let margin: Int64 = wholeSeconds ? 2_000_000_000 : 1
        return clock - changed >= margin && clock - modified >= margin
    }

    /// The clock the kernel stamps files with (`CLOCK_REALTIME_COARSE`), in nanoseconds since
    /// 1970: a change made after this reading gets this time or later.
    @usableFromInline
    static func coarseClock() -> Int64 {
        var time = timespec()
        unsafe clock_gettime(CLOCK_REALTIME_COARSE, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Whether the open file is on a local file system that stamps its files with this machine's
    /// clock to the nanosecond or the second: ext4, XFS, Btrfs, F2FS, tmpfs, overlayfs. Elsewhere (a network
    /// share stamps with the server's clock and caches status; FAT and exFAT tick in 2 s and
    /// 10 ms) no status is taken as proof.
    static func hasThisMachinesClock(_ descriptor: Int32) -> Bool {
        let kind = directory_file_system_magic(descriptor)  // -1 where it cannot be told
        // ext4 (and ext2, ext3), XFS, Btrfs, F2FS, tmpfs, and overlayfs, whose files are those
        // of such a file system beneath.
        return [0xEF53, 0x5846_5342, 0x9123_683E, 0xF2F5_2010, 0x0102_1994, 0x794C_7630].contains(kind)
    }
}
