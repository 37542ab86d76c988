import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file so that a crash at any moment leaves either the old file or
/// the new one: the bytes go to a temporary file in the same folder, which is
/// flushed to disk and then renamed over the old file, and the folder is flushed.
public enum AtomicFile {
    /// The marker in the names of temporary files, `.NAME.directory-save-PID-N`.
    static let marker = ".directory-save-"

    /// Writes `bytes` to `path`, keeping the old file's permissions, owner and group, and returns
    /// the new file's modification time (nanoseconds since 1970).
    public static func write(_ bytes: [UInt8], to path: String) throws(StorageError) -> Int64 {
        try write(to: path) { output in bytes.span.withRawBytes { output.write($0) } }.modified
    }

    /// Writes the bytes that `contents` hands to its `Output`, piece by piece, to `path`
    /// as `write(_:to:)` does; a failed write stops the save and is thrown when `contents` returns.
    ///
    /// - Parameters:
    ///   - expected: the version the new file may replace. With `.version` or `.nothing`, a file
    ///     found in its place that is another version is never replaced: the save throws
    ///     `StorageError.changedMeanwhile` (see `AtomicFile+Replacing`).
    ///   - stamped: whether to learn the new file's stamp (`FileStamp`), so the next save need
    ///     not read it: a read lease is held on it from before it is put in place until its
    ///     status is taken and the kernel's `clock` has moved past its times.
    /// - Returns: the new file's modification time (nanoseconds since 1970), and its stamp.
    public static func write(
        to path: String, replacing expected: Expected = .anything, writerWait: LockWait = .standard,
        stamped: Bool = false, clock: () -> Int64 = FileStamp.coarseClock, contents: (inout Output) -> Void
    ) throws(StorageError) -> (modified: Int64, stamp: FileStamp?) {
        let replaced = try ReplacedFile(path: path)
        let (folderPath, name) = split(replaced.target)
        // Every step happens in the folder opened now, even if it is moved away meanwhile.
        let folder = SaveFolder(folderPath)
        let target = folder.file(name)
        let temporary = folder.file("." + name + marker + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        // O_EXCL and O_NOFOLLOW: a file or link planted under this name is never written through.
        let descriptor = unsafe open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            guard code == EACCES || code == EPERM else {
                throw .writeFailed(path: path, reason: SystemError.describe(code))
            }
            // The file itself may be writable: what is refused is a new file beside it.
            let shown = folderPath == "." ? "the current folder" : "its folder \(folderPath)"
            throw .writeFailed(
                path: path,
                reason: "\(shown) does not let this program make a file in it (\(SystemError.describe(code))), "
                    + "and a save writes the new version beside the list, then swaps it in")
        }
        func fail(_ code: Int32) -> StorageError {
            close(descriptor)
            unsafe unlink(temporary)
            return .writeFailed(path: path, reason: SystemError.describe(code))
        }
        var output = Output(descriptor: descriptor)
        contents(&output)
        if output.failure != 0 { throw fail(output.failure) }
        // The old file's owner, group and permissions (setuid and setgid dropped) carry over.
        let ownerFailure = replaced.keepOwner(of: descriptor)
        if ownerFailure != 0 { throw fail(ownerFailure) }
        if fchmod(descriptor, replaced.mode) != 0 { throw fail(errno) }
        if fsync(descriptor) != 0 { throw fail(errno) }
        // The new file's identity and time, taken before it is in place: another program
        // may replace it the moment it is.
        var written = stat()
        if unsafe fstat(descriptor, &written) != 0 { throw fail(errno) }
        if close(descriptor) != 0 {
            let code = errno
            unsafe unlink(temporary)
            throw .writeFailed(path: path, reason: SystemError.describe(code))
        }
        // No one else writes the new file before it is in place (it is this program's, 0600,
        // under a name of its own); from then on, the lease keeps writers out until its status is
        // taken.
        let newFile = stamped ? WriterLease.attempt(temporary) : nil
        defer { newFile?.release() }
        var placing = Placing(path: path, target: target, temporary: temporary, written: written)
        placing.writerWait = writerWait
        placing.folder = folder
        defer { folder.sync() }
        try placing.place(expecting: expected)
        let modified = Int64(written.st_mtim.tv_sec) * 1_000_000_000 + Int64(written.st_mtim.tv_nsec)
        // The swap set the file's change time to now: unless the clock has moved on since, the
        // status proves nothing. A large file waits the tick out (a few milliseconds), which
        // spares the next save reading it whole; a small one is cheaper to read again.
        let waited = Int(written.st_size) >= stampWaitSize ? 0.05 : 0
        guard let lease = newFile, lease.isFile(written),
            let stamp = lease.stamp(waitingUpTo: waited, clock: clock),
            stamp.size == Int(written.st_size), stamp.modified == modified
        else { return (modified, nil) }
        return (modified, stamp)
    }

    /// The size from which a save waits for the kernel's clock to move past its new file's
    /// times (at most one tick, a few milliseconds), to learn its stamp: reading a file of
    /// this size again costs about as much.
    static let stampWaitSize = 4 << 20

    /// Removes temporary files that an interrupted save of `path` left behind
    /// (those whose process is gone), and returns their names.
    @discardableResult
    public static func removeLeftovers(of path: String) -> [String] {
        let (folder, name) = split(resolvedTarget(path))
        let prefix = "." + name + marker
        guard let directory = unsafe opendir(folder) else { return [] }
        defer { unsafe closedir(directory) }
        var removed: [String] = []
        while let entry = unsafe readdir(directory) {
            let entryName = unsafe withUnsafeBytes(of: entry.pointee.d_name) { raw in
                unsafe String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard entryName.hasPrefix(prefix) else { continue }
            let pidText = entryName.dropFirst(prefix.count).prefix(while: { $0 != "-" })
            if let pid = Int32(pidText), pid != getpid(), kill(pid, 0) == 0 || errno == EPERM {
                continue  // a save in progress in another process
            }
            if unsafe unlink(folder + "/" + entryName) == 0 { removed.append(entryName) }
        }
        return removed
    }

    /// The file a save really replaces: the target of a symbolic link, so the link survives;
    /// the path itself when it is no link or its link cannot be followed.
    static func resolvedTarget(_ path: String) -> String {
        (try? ReplacedFile.resolve(path)) ?? path
    }

    /// The folder and the file name of `path`.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// The temporary file being written: takes the bytes of the new file in order.
    public struct Output {
        let descriptor: Int32
        /// The `errno` of the first failed write, or 0; later pieces are dropped.
        var failure: Int32 = 0

        /// Appends `bytes` to the file.
        public mutating func write(_ bytes: RawSpan) {
            guard failure == 0 else { return }
            failure = DescriptorWrite.all(bytes, to: descriptor)
        }
    }
}
