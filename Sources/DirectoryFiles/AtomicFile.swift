import CFileSystem
import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file so that a crash at any moment leaves either the old file or
/// the new one: the bytes go to a temporary file in the same folder, which is
/// flushed to disk and then renamed over the old file, and the folder is flushed.
///
/// The whole of a save's write is here, in the order it happens: `write` looks at the file
/// replaced (`ReplacedFile`), writes the new one in the folder held open for the save
/// (`SaveFolder`), and puts it in place only over the version the merge read (`Placing`,
/// which swaps the two with `RenameExchange`).
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
                    + "and the file is written whole under a temporary name in that folder first, then renamed "
                    + "into place")
        }
        func fail(_ code: Int32) -> StorageError {
            close(descriptor)
            unsafe unlink(temporary)
            return .writeFailed(path: path, reason: SystemError.describe(code))
        }
        var output = Output(descriptor: descriptor)
        contents(&output)
        let failure = output.finish().failure
        if failure != 0 { throw fail(failure) }
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

    /// The temporary file being written: takes the bytes of the new file in order, writes them
    /// and hashes them (`ContentHash`, the new version's).
    ///
    /// Every `writebackStep` bytes it asks the kernel to start writing what it was given so far
    /// to disk (`directory_start_writeback`, `sync_file_range` on Linux, as PostgreSQL's
    /// `pg_flush_data` does), so that the disk writes while the encoder makes the rest and the
    /// `fsync` before the swap waits only for the tail. It is a hint: the `fsync` of the file and
    /// of the folder are what make the save durable, as before; where the call fails or is
    /// missing (another system, a file system that refuses it), it is not asked again.
    public struct Output {
        private let descriptor: Int32
        /// The `errno` of the first failed write, or 0; later pieces are dropped.
        private var failure: Int32 = 0
        /// The bytes written so far, and their hash.
        private var size = 0
        private var hash = ContentHash()
        /// Where the bytes the kernel was not yet asked to write begin.
        private var unhinted = 0
        /// Whether to ask the kernel to start writing (false once it refused).
        private(set) var hintsWriteback = true

        /// How many written bytes make the kernel be asked to start writing them: large enough
        /// that the calls cost nothing against the copies, small enough to start the disk early.
        static let writebackStep = 4 << 20

        init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        /// Appends `bytes` to the file (a large piece, a binary property list's whole file, a
        /// `writebackStep` at a time, so the disk starts on its first part while the rest is copied).
        public mutating func write(_ bytes: RawSpan) {
            var start = 0
            while start < bytes.byteCount, failure == 0 {
                let end = min(bytes.byteCount, start + Self.writebackStep)
                let part = bytes.extracting(start..<end)
                hash.add(part)
                failure = DescriptorWrite.all(part, to: descriptor)
                guard failure == 0 else { return }
                size += end - start
                start = end
                if hintsWriteback, size - unhinted >= Self.writebackStep {
                    // Only a hint: the `fsync` before the swap is what makes the file durable.
                    if directory_start_writeback(descriptor, Int64(unhinted), Int64(size - unhinted)) != 0 {
                        hintsWriteback = false
                    }
                    unhinted = size
                }
            }
        }

        /// Puts the first `length` bytes of the open file `source` at the start of the new file,
        /// copied by the kernel (`copy_file_range`), as the bytes whose hash state is `hash`
        /// (the caller knows it). Only before anything is written; `false` when the copy
        /// failed or fell short: the new file then holds some of them, and `restart()` must
        /// empty it before anything else is written.
        mutating func copy(from source: Int32, length: Int, hash: ContentHash) -> Bool {
            guard size == 0, failure == 0 else { return false }
            var copied = 0
            while copied < length {
                let count = directory_copy_range(source, Int64(copied), descriptor, Int64(length - copied))
                guard count > 0 else { return false }
                copied += Int(count)
                if hintsWriteback, copied - unhinted >= Self.writebackStep {
                    if directory_start_writeback(descriptor, Int64(unhinted), Int64(copied - unhinted)) != 0 {
                        hintsWriteback = false
                    }
                    unhinted = copied
                }
            }
            size = length
            self.hash = hash
            return true
        }

        /// Appends `length` bytes of the open file `source` from its byte `offset`, copied by the
        /// kernel (`copy_file_range`) a piece of `buffer`'s size at a time, each piece read into
        /// `buffer` first (`pread`) to be hashed: for bytes that move in the new file, whose hash
        /// cannot go on from a state the load kept. `false` when a read or a copy failed or fell
        /// short: the new file then holds some of them, and `restart()` must empty it.
        mutating func append(from source: Int32, offset: Int, length: Int, buffer: inout [UInt8]) -> Bool {
            guard failure == 0, !buffer.isEmpty else { return false }
            if length >= HashBehind.minimumBytes, HashBehind.hasSecondCore {
                return appendHashedBehind(from: source, offset: offset, length: length)
            }
            var done = 0
            while done < length {
                let count = min(buffer.count, length - done)
                guard DescriptorRead.exactly(into: &buffer, count: count, at: offset + done, from: source) else {
                    return false
                }
                buffer.span.extracting(0..<count).withRawBytes { hash.add($0) }
                var copied = 0
                while copied < count {
                    let result = directory_copy_range(
                        source, Int64(offset + done + copied), descriptor, Int64(count - copied))
                    guard result > 0 else { return false }
                    copied += Int(result)
                }
                done += count
                size += count
                if hintsWriteback, size - unhinted >= Self.writebackStep {
                    if directory_start_writeback(descriptor, Int64(unhinted), Int64(size - unhinted)) != 0 {
                        hintsWriteback = false
                    }
                    unhinted = size
                }
            }
            return true
        }

        /// `append(from:offset:length:buffer:)` with the reads and the hash on a second thread
        /// (`HashBehind`) while this one has the kernel copy the bytes: the same bytes and hash.
        mutating func appendHashedBehind(from source: Int32, offset: Int, length: Int) -> Bool {
            let behind = HashBehind(from: hash, reading: source, offset: offset, length: length)
            var copied = 0
            while copied < length {
                let count = directory_copy_range(
                    source, Int64(offset + copied), descriptor, Int64(min(Self.writebackStep, length - copied)))
                guard count > 0 else { break }
                copied += Int(count)
                if hintsWriteback, size + copied - unhinted >= Self.writebackStep {
                    if directory_start_writeback(descriptor, Int64(unhinted), Int64(size + copied - unhinted)) != 0 {
                        hintsWriteback = false
                    }
                    unhinted = size + copied
                }
            }
            // Waited for whatever happened: the source stays open until the second thread is done.
            guard let hashed = behind.finish(), copied == length else { return false }
            hash = hashed
            size += length
            return true
        }

        /// Empties the new file and starts again from its first byte; `false` when it cannot be,
        /// and the save then fails.
        mutating func restart() -> Bool {
            guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
                failure = errno == 0 ? EIO : errno
                return false
            }
            size = 0
            hash = ContentHash()
            unhinted = 0
            failure = 0
            return true
        }

        /// The number of bytes written and their hash, or the `errno` of the first failed write
        /// (0 when none failed).
        public func finish() -> (size: Int, hash: UInt64, failure: Int32) {
            (size, hash.value, failure)
        }
    }
}

/// The file a save is about to replace, and what must carry over to the new one:
/// its permissions (without setuid and setgid), its owner and its group.
///
/// A save refuses what a rename cannot replace faithfully: a folder, a file with
/// several hard links (the other names would keep the old list), and a symbolic
/// link whose target does not exist (the link would become a plain file).
struct ReplacedFile {
    /// The path written: the target of a symbolic link, so the link survives.
    let target: String
    /// The old file's status, or `nil` when there is none yet.
    let existing: stat?

    /// Looks at the file at `path` before a save; throws when it cannot be replaced safely.
    init(path: String) throws(StorageError) {
        target = try Self.resolve(path)
        var info = stat()
        guard unsafe stat(target, &info) == 0 else {
            existing = nil
            return
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw .writeFailed(path: path, reason: "it is a folder, not a file")
        }
        if (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink > 1 {
            throw .writeFailed(
                path: path,
                reason: "it has \(info.st_nlink) hard links, and a save writes a new file, so the other names "
                    + "would keep the old list; remove the other links, or save as another path")
        }
        existing = info
    }

    /// The new file's permissions: the old file's without setuid and setgid, or 0666 less the umask.
    var mode: mode_t {
        guard let existing else {
            let mask = umask(0)
            umask(mask)
            return 0o666 & ~mask
        }
        return existing.st_mode & 0o1777
    }

    /// Gives the temporary file the old file's owner and group; returns an `errno`, or 0.
    /// Root always can; another user keeps at least the group when a member of it.
    func keepOwner(of descriptor: Int32) -> Int32 {
        guard let existing, existing.st_uid != geteuid() || existing.st_gid != getegid() else { return 0 }
        if fchown(descriptor, existing.st_uid, existing.st_gid) == 0 { return 0 }
        let code = errno
        if geteuid() == 0 { return code }
        _ = fchown(descriptor, uid_t.max, existing.st_gid)
        return 0
    }

    /// Throws when the file at `path` is read-only (no write permission for anyone, as
    /// `chmod a-w` leaves it): a plain save must not replace it, even as root, who ignores
    /// permissions, or in a folder the user may write, where a rename would succeed.
    static func refuseReadOnly(_ path: String) throws(StorageError) {
        var info = stat()
        guard unsafe stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_mode & 0o222 == 0 else {
            return
        }
        let mode = String(info.st_mode & 0o7777, radix: 8)
        throw .writeFailed(
            path: path,
            reason: "the file is read-only (mode 0\(mode)); 'save!' replaces it anyway, "
                + "or make it writable with chmod u+w")
    }

    /// The file a save really replaces: the target of a symbolic link, so the link survives.
    /// A link whose target does not exist is refused rather than replaced by a plain file.
    static func resolve(_ path: String) throws(StorageError) -> String {
        var info = stat()
        guard unsafe lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return path }
        guard let resolved = unsafe realpath(path, nil) else {
            let code = errno
            guard code == ENOENT else {
                throw .writeFailed(
                    path: path, reason: "its symbolic link cannot be followed: " + SystemError.describe(code))
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = unsafe readlink(path, &buffer, buffer.count - 1)
            let target = String(decoding: buffer[0..<max(count, 0)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .writeFailed(
                path: path,
                reason: "it is a symbolic link to \(target), which does not exist; "
                    + "create that file or remove the link")
        }
        defer { unsafe free(resolved) }
        return unsafe String(cString: resolved)
    }
}

/// The folder a save writes in, held open for the whole save, so that every step of it (the
/// temporary file, the swap, the checks, the removals) happens in that one folder even when
/// another program moves the folder away and puts another at its path meanwhile: nothing is
/// left behind in the moved folder, and a file kept beside the list is named where it is.
///
/// Its files are reached through the open folder (`/proc/self/fd/N/NAME`) where Linux's
/// `/proc` has it; elsewhere by the folder's path, as before.
final class SaveFolder {
    /// The folder as the save's path names it.
    let path: String
    /// The open folder, or -1 where it could not be opened.
    private let descriptor: Int32
    /// What the folder's files are reached through: the open folder, or `path`.
    let base: String

    /// Opens the folder at `path`.
    init(_ path: String) {
        self.path = path
        descriptor = unsafe open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let through = "/proc/self/fd/\(descriptor)"
        let reachable = unsafe access(through + "/.", F_OK) == 0
        base = descriptor >= 0 && reachable ? through : path
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The path of the file `name` in this folder.
    func file(_ name: String) -> String { base + "/" + name }

    /// Whether the folder at `path` is still this one.
    var isAtItsPath: Bool {
        guard descriptor >= 0 else { return true }
        var open = stat()
        var named = stat()
        guard unsafe fstat(descriptor, &open) == 0, unsafe stat(path, &named) == 0 else { return false }
        return open.st_ino == named.st_ino && open.st_dev == named.st_dev
    }

    /// `file` (a path in this folder) as the user can find it: under the folder's path now,
    /// wherever it was moved.
    func shown(_ file: String) -> String {
        guard base != path, file.hasPrefix(base + "/") else { return file }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = unsafe readlink(base, &buffer, buffer.count - 1)
        guard count > 0 else { return path + file.dropFirst(base.count) }
        let now = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return now + file.dropFirst(base.count)
    }

    /// Flushes the folder's entries (a rename) to disk.
    func sync() {
        if descriptor >= 0 {
            fsync(descriptor)
        } else {
            let opened = unsafe open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard opened >= 0 else { return }
            fsync(opened)
            close(opened)
        }
    }
}

extension AtomicFile {
    /// The version of a file that a save may replace.
    public enum Expected: Equatable, Sendable {
        /// Whatever is there (`save!`, `save as`, `export`).
        case anything
        /// No file: there was none when the session last looked.
        case nothing
        /// The version with these contents (size and hash): what the save's merge read, or
        /// what this session last wrote. Another version found there is never replaced.
        case version(FileVersion)
    }

    /// Putting a written temporary file in place of the old one so that no other
    /// program's version is lost between the merge that read the file and the rename.
    ///
    /// With `renameat2(RENAME_EXCHANGE)` the new file and the old one swap names in one
    /// step, so the version replaced is left at the temporary path and can be checked: if
    /// it is the one expected, it is removed; if another program put a version there after
    /// the merge read the file, the swap is undone at once (the other program's version is
    /// the file again) and the save throws `changedMeanwhile`, so the session merges that
    /// version and writes again. Nothing is ever removed that was not checked first.
    ///
    /// Where the file system cannot swap, the file's contents are checked (size, time and
    /// hash) just before a plain rename; a version that lands between that check and the
    /// rename is then replaced, which is the window `docs/safety.md` describes.
    ///
    /// The check reads and hashes the file only when its status cannot prove its contents:
    /// when the expected version has a stamp (`FileStamp`), the last look before the swap finds
    /// exactly that status, and the read lease taken before that look still holds after the swap
    /// (no program opened the file for writing or truncated it since), the version replaced is
    /// the one expected, and it is removed without being read.
    struct Placing {
        /// The path the user named, for messages.
        let path: String
        /// The file replaced.
        let target: String
        /// The written new file.
        let temporary: String
        /// The new file's status, taken before it was put in place.
        let written: stat
        /// Whether to swap with `renameat2`; tests turn it off to check the plain rename.
        var exchanges = true
        /// How long to wait for another program that has the file open for writing to close
        /// it (`WriterLease`), and whom to tell what is waited for; then the save is refused.
        var writerWait = LockWait.standard
        /// The folder held open for the save (`SaveFolder`): when it is no longer the folder at
        /// its path, the save is undone and merges again with the file at the path now.
        var folder: SaveFolder?
        /// Called right after the swap; tests move the folder there.
        var afterSwap: () -> Void = {}

        /// Puts the new file in place, if what is there now is `expected`.
        func place(expecting expected: Expected) throws(StorageError) {
            switch expected {
            case .anything:
                try renameOver()
            case .nothing:
                try placeWhereNothingIs()
            case .version(let known):
                try replace(known)
            }
        }

        /// A plain rename over whatever is there.
        private func renameOver() throws(StorageError) {
            if unsafe rename(temporary, target) != 0 { throw failure(errno) }
        }

        /// Renames, but never over a file that appeared since the session saw none.
        private func placeWhereNothingIs() throws(StorageError) {
            if folder?.isAtItsPath == false { throw changed() }
            switch exchanges ? RenameExchange.renameWithoutReplacing(temporary, to: target) : .unsupported {
            case .done:
                return
            case .failed(EEXIST):
                throw changed()
            case .failed(let code):
                throw failure(code)
            case .unsupported:
                var status = stat()
                if unsafe lstat(target, &status) == 0 { throw changed() }
                try renameOver()
            }
        }

        /// Swaps the new file in and checks the version it replaced; or, where swapping
        /// is not possible, checks the file and renames.
        private func replace(_ known: FileVersion) throws(StorageError) {
            // First the cheap check: most changes by others show in the size or time.
            var status = stat()
            if unsafe stat(target, &status) != 0 {
                let code = errno
                if code == ENOENT { throw changed() }
                throw failure(code)
            }
            guard Self.matches(status, known), folder?.isAtItsPath != false else { throw changed() }
            // While the lease is held, a writer that truncates in place waits in `open` until
            // this save is done (or swapped back); where none can be had, the checks are all.
            let lease: WriterLease?
            do {
                lease = try WriterLease.take(target, shown: path, wait: writerWait)
            } catch {
                unsafe unlink(temporary)
                throw error
            }
            if let lease, !lease.isFile(status) || !Self.matches(lease.status, known) { throw changed() }
            if folder?.isAtItsPath == false { throw changed() }  // moved away while the lease was waited for
            // The last look, just before the swap: a version another program renamed in since the
            // first look (while the lease was taken) is not swapped out, shown and swapped back.
            var last = stat()
            guard unsafe stat(target, &last) == 0, last.st_ino == status.st_ino, last.st_dev == status.st_dev,
                Self.matches(last, known)
            else { throw changed() }
            // The status proves the contents the merge read when it is the stamp, and the lease,
            // taken before this look, keeps writers out from here on while it is unbroken.
            let proven = lease != nil && known.stamp != nil && FileStamp(last) == known.stamp
            switch exchanges ? RenameExchange.exchange(temporary, target) : .unsupported {
            case .done:
                afterSwap()
                try checkReplaced(known, lease: lease, proven: proven)
            case .failed(ENOENT):
                throw changed()  // the file went away since the check
            case .failed(let code):
                throw failure(code)
            case .unsupported:
                let same =
                    proven && lease?.isBroken == false
                    || (try? FileBytes.version(path: target, shown: path))?.sameContents(as: known) == true
                guard same, lease?.isBroken != true, folder?.isAtItsPath != false else {
                    throw changed()
                }
                try renameOver()
                try removedUnwritten(lease)
            }
        }

        /// After the swap: the version replaced is at the temporary path. Removes it when it
        /// is `known` and no one opened it for writing; otherwise swaps back, so that version
        /// is the file again (and a writer waiting on the lease writes into it), and throws.
        /// It is read and hashed unless `proven` (its status just before the swap was `known`'s
        /// stamp, under the lease) and the lease still holds on it.
        private func checkReplaced(_ known: FileVersion, lease: WriterLease?, proven: Bool) throws(StorageError) {
            var replaced = stat()
            // A folder moved away since is not where the user's path leads: the swap is undone.
            let cheapMatch =
                unsafe folder?.isAtItsPath != false && lstat(temporary, &replaced) == 0
                && Self.matches(replaced, known)
                && lease.map { $0.isFile(replaced) && !$0.isBroken } != false
            // Only a version that looks the same is read and hashed (unless its status proved it
            // before the swap, and the lease on it held): any other is put back at once.
            if cheapMatch,
                proven && lease != nil
                    || (try? FileBytes.version(path: temporary, shown: path))?.sameContents(as: known) == true
            {
                unsafe unlink(temporary)
                try removedUnwritten(lease)
                return
            }
            guard RenameExchange.exchange(temporary, target) == .done else {
                // It cannot be put back (swapping two files that exist should not fail): keep it beside the file.
                throw keepReplaced()
            }
            var back = stat()
            if unsafe lstat(temporary, &back) == 0, back.st_ino == written.st_ino, back.st_dev == written.st_dev {
                unsafe unlink(temporary)  // this save's own new file, never seen by the other program's merge
                throw changed()
            }
            // Yet another version replaced this save's file between the two swaps: the file is
            // now the version that landed first, and the later one is kept beside it.
            throw keepReplaced()
        }

        /// After the replaced version was removed: gives the lease up. If a writer opened that
        /// version all the same (it found it by the file's name just before the swap, and waits
        /// on the lease), what it writes would be lost with it: it is copied beside the file.
        private func removedUnwritten(_ lease: WriterLease?) throws(StorageError) {
            guard let lease else { return }
            guard lease.isBroken else { return lease.release() }
            let kept = target + ".late-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            throw .lateWriteKept(path: path, kept: lease.releaseKeepingLateWrite(as: kept) ? shown(kept) : nil)
        }

        /// Renames what is at the temporary path to a name of its own beside the file, so
        /// no one's version is removed, and says where it is.
        private func keepReplaced() -> StorageError {
            let kept = target + ".displaced-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            guard unsafe rename(temporary, kept) == 0 else {
                return .displacedVersionKept(path: path, kept: shown(temporary))
            }
            return .displacedVersionKept(path: path, kept: shown(kept))
        }

        /// A file of the save's folder as the user finds it, wherever the folder is now.
        private func shown(_ file: String) -> String {
            folder?.shown(file) ?? file
        }

        /// Whether `status` has the size and modification time of `known`.
        private static func matches(_ status: stat, _ known: FileVersion) -> Bool {
            let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
            return Int(status.st_size) == known.size && modified == known.modified
        }

        /// The file was changed by another program: the new file is removed, and the
        /// session merges again.
        private func changed() -> StorageError {
            unsafe unlink(temporary)
            return .changedMeanwhile(location: path)
        }

        /// Writing failed: the new file is removed, the old one untouched.
        private func failure(_ code: Int32) -> StorageError {
            unsafe unlink(temporary)
            return .writeFailed(path: path, reason: SystemError.describe(code))
        }
    }
}

/// Linux's `renameat2`, which swaps two names in one step (`RENAME_EXCHANGE`) or renames
/// without replacing (`RENAME_NOREPLACE`). Glibc's Swift module does not declare it (it
/// is behind `_GNU_SOURCE`), so it is looked up in the C library by name; where it is
/// missing (an old C library, another system) every call says `unsupported`.
enum RenameExchange {
    /// What a call did.
    enum Outcome: Equatable {
        /// The names were swapped (or the file renamed).
        case done
        /// The system or the file system cannot do it: `EINVAL`, `ENOSYS`, `EOPNOTSUPP`, or no `renameat2`.
        case unsupported
        /// It failed with this `errno`.
        case failed(Int32)
    }

    private typealias Function =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// `RENAME_NOREPLACE` and `RENAME_EXCHANGE` from `<linux/fs.h>`.
    private static let noReplaceFlag: UInt32 = 1
    private static let exchangeFlag: UInt32 = 2

    /// `renameat2` from the C library, looked up once; `nil` where there is none.
    private static let function: Function? = {
        #if os(Linux)
            guard let library = unsafe dlopen(nil, RTLD_NOW), let symbol = unsafe dlsym(library, "renameat2") else {
                return nil
            }
            return unsafe unsafeBitCast(symbol, to: Function.self)
        #else
            return nil
        #endif
    }()

    /// Whether this system has `renameat2` at all (a file system may still refuse it).
    static var isAvailable: Bool { unsafe function != nil }

    /// Swaps the files at `first` and `second`, both of which must exist.
    static func exchange(_ first: String, _ second: String) -> Outcome {
        call(first, second, flags: exchangeFlag)
    }

    /// Renames `source` to `target` only when nothing is at `target` (else `failed(EEXIST)`).
    static func renameWithoutReplacing(_ source: String, to target: String) -> Outcome {
        call(source, target, flags: noReplaceFlag)
    }

    private static func call(_ first: String, _ second: String, flags: UInt32) -> Outcome {
        guard let function = unsafe function else { return .unsupported }
        while true {
            if unsafe function(AT_FDCWD, first, AT_FDCWD, second, flags) == 0 { return .done }
            let code = errno
            switch code {
            case EINTR: continue
            case EINVAL, ENOSYS, EOPNOTSUPP: return .unsupported
            default: return .failed(code)
            }
        }
    }
}
