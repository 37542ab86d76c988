import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file-system work of `FileRecoveryStore`: making the folder safely, listing it,
/// and reading a journal that no running session holds.
public enum RecoveryFolder {
    /// Creates `folder` (and missing parents) with mode 0700; returns why it cannot be
    /// used when it is not a real folder of this user that only this user can write.
    public static func prepare(_ folder: String) -> String? {
        var prefix = ""
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            unsafe mkdir(prefix, 0o700)
        }
        var status = stat()
        guard unsafe lstat(folder, &status) == 0 else { return "cannot create \(folder)" }
        guard status.st_mode & S_IFMT == S_IFDIR else { return "\(folder) is not a folder" }
        guard status.st_uid == geteuid() else { return "\(folder) belongs to another user" }
        guard status.st_mode & 0o022 == 0 else { return "others can write to \(folder)" }
        return nil
    }

    /// The names of the entries of `folder` (none when it cannot be read).
    public static func names(in folder: String) -> [String] {
        guard let directory = unsafe opendir(folder) else { return [] }
        defer { unsafe closedir(directory) }
        var names: [String] = []
        while let entry = unsafe readdir(directory) {
            let name = unsafe withUnsafeBytes(of: entry.pointee.d_name) { raw in
                unsafe String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The journal at `path` when it is a regular file that no running session holds locked.
    ///
    /// Its links are counted once the lock is held: a session that ended normally removes
    /// its journal and then lets go of it, so a journal this look opened just before that
    /// has no name any more, and is not the journal of a session that ended without a word.
    static func readUnlocked(_ path: String, name: String) -> RecoveryOrphan? {
        let file = unsafe open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var status = stat()
        guard flock(file, LOCK_SH | LOCK_NB) == 0, unsafe fstat(file, &status) == 0,
            status.st_mode & S_IFMT == S_IFREG, status.st_nlink > 0
        else {
            return nil
        }
        var bytes: [UInt8] = []
        _ = DescriptorRead.appendRest(of: file, to: &bytes)
        let modified =
            Double(status.st_mtim.tv_sec) - 978_307_200 + Double(status.st_mtim.tv_nsec) / 1_000_000_000
        return RecoveryOrphan(name: name, modified: modified, bytes: bytes)
    }
}
