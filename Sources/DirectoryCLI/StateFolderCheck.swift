import DirectoryCore

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the state folder can be made: when `XDG_STATE_HOME` (or a folder on the way to the
/// state folder) is a file, the recovery journal, the kept versions and the history stop
/// without a word. The program says so once, at start, in scripts too.
enum StateFolderCheck {
    /// The warning for the state folder of `paths`, or `nil` when nothing in the way of it
    /// (or of its `recovery` and `versions` folders) is a file.
    static func warning(for paths: DataPaths) -> String? {
        for path in [paths.recoveryFolder, paths.keptVersionsFolder] {
            guard let blocking = firstNonFolder(on: path) else { continue }
            let what = blocking == paths.stateFolder ? "the state folder \(blocking)" : blocking
            let given = paths.environment["XDG_STATE_HOME"] != nil
            let fix = (given ? "set XDG_STATE_HOME to a folder, or " : "") + "move \(blocking) away"
            return "\(what) is a file, not a folder, so the recovery journal (which keeps unsaved edits "
                + "if the program is stopped), the versions that merge compares copies with, and the history "
                + "are not kept: \(fix)"
        }
        return nil
    }

    /// The first part of `path` (from its start) that exists and is not a folder, or `nil`.
    /// A part that does not exist ends the search: it, and what is under it, can be made.
    static func firstNonFolder(on path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            var status = stat()
            // stat(2) takes the path as a C string, during the call only.
            guard unsafe stat(prefix, &status) == 0 else { return nil }
            if status.st_mode & S_IFMT != S_IFDIR { return prefix }
        }
        return nil
    }
}
