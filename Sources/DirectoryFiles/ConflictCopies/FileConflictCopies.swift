import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Conflict copies as files beside the list, in its folder, named as `ConflictCopyName` reads.
public final class FileConflictCopies: ConflictCopyStore {
    /// A finder of conflict copies.
    public init() {}

    /// The regular files in the list's folder named as conflict copies of it, oldest first.
    /// A list opened through a symbolic link is looked for beside the file the link names,
    /// where the sync tool that shares that folder puts its copies.
    public func copies(of given: String) -> [ConflictCopy] {
        let location = Self.linkTarget(of: given) ?? given
        let slash = location.lastIndex(of: "/")
        let folder = slash.map { location[..<$0].isEmpty ? "/" : String(location[..<$0]) } ?? "."
        let name = slash.map { String(location[location.index(after: $0)...]) } ?? location
        let prefix = slash == nil ? "" : (folder == "/" ? "/" : folder + "/")
        var found: [ConflictCopy] = []
        for entry in RecoveryFolder.names(in: folder) {
            guard let maker = ConflictCopyName.maker(of: entry, for: name) else { continue }
            var status = stat()
            guard unsafe stat(prefix + entry, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let modified =
                Double(status.st_mtim.tv_sec) - 978_307_200 + Double(status.st_mtim.tv_nsec) / 1_000_000_000
            found.append(ConflictCopy(path: prefix + entry, maker: maker, modified: modified))
        }
        return found.sorted { ($0.modified, $0.path) < ($1.modified, $1.path) }
    }

    /// The file a symbolic link at `path` names at last (links followed), or `nil` when `path`
    /// is not a link or names nothing.
    static func linkTarget(of path: String) -> String? {
        var status = stat()
        guard unsafe lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
            let resolved = unsafe realpath(path, nil)
        else { return nil }
        defer { unsafe free(resolved) }
        return unsafe String(cString: resolved)
    }

    /// Removes the copy when its contents are still `version`.
    public func remove(_ path: String, ifStill version: ListVersion) -> Bool {
        guard case .file(let expected) = version, let now = try? FileBytes.version(path: path),
            now.sameContents(as: expected)
        else { return false }
        return unsafe unlink(path) == 0
    }
}
