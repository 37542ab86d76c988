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
