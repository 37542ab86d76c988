import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
