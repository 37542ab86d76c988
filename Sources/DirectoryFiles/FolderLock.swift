import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The advisory `flock` on a list's folder that keeps saves from several processes
/// from interleaving. The wait for it is bounded: a process that holds it forever
/// (by mistake or on purpose) makes a save fail with a message, never hang.
enum FolderLock {
    /// Locks the folder that holds `path`, waiting as `wait` allows.
    static func acquire(for path: String, wait: LockWait) throws(StorageError) -> ListLock {
        let folder = AtomicFile.split(AtomicFile.resolvedTarget(path)).folder
        let descriptor = unsafe open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .writeFailed(path: path, reason: SystemError.describe(errno))
        }
        let start = FileStore.monotonicSeconds()
        let deadline = start + wait.seconds
        var told = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                close(descriptor)
                throw .writeFailed(path: path, reason: "could not lock its folder: " + SystemError.describe(code))
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
