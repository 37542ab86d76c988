import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
