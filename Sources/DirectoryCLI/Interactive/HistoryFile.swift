import DirectoryCore

#if canImport(Glibc)
    import Glibc
#endif

/// The history file: loaded when the session starts; after every command (so a crash
/// keeps it) the line is added to the file as other sessions left it, under a lock they
/// all take (`PATH.lock`), through a temporary file renamed over it, readable only by its
/// owner: sessions running at once keep each other's lines, as bash's `histappend` does.
/// A folder that other users can write is not used.
///
/// It owns the lock file and the temporary file: the system calls that open, rename and
/// remove them take their paths as C strings (`unsafe` only for that), during the call only.
struct HistoryFile {
    /// Where the file is and how many lines it keeps.
    let settings: HistorySettings
    /// Whether writing failed once already (reported once, not after every command).
    private var reportedFailure = false
    /// Set when an existing file could not be read, or its folder is not private: it is then never written.
    private var writable = true

    /// The history file described by `settings`.
    init(settings: HistorySettings) {
        self.settings = settings
    }

    /// Creates the folder when missing and loads the file into `editor`; returns a
    /// warning when the file or its folder cannot be used (history is then not written).
    mutating func load(into editor: some LineEditor) -> String? {
        if let problem = settings.problem { return problem }
        guard let path = settings.path else { return nil }
        FolderCreation.createFolders(for: path)
        if let problem = PrivateFolder.problem(with: Self.folder(of: path)) {
            writable = false
            return problem + "; history will not be kept this session"
        }
        guard unsafe access(path, F_OK) == 0 else { return nil }
        if editor.loadHistory(from: path) { return nil }
        writable = false
        return "cannot read the history file \(path); history will not be saved this session"
    }

    /// Adds `line` to the history unless it starts with a space, and saves the file;
    /// returns a warning the first time saving fails.
    mutating func record(_ typed: String, in editor: some LineEditor) -> String? {
        guard settings.size > 0, HistorySettings.keeps(typed) else { return nil }
        // A password typed in a connection URI is never kept.
        let line = StoreLocation.redactingPasswords(in: typed)
        editor.addToHistory(line)
        guard let path = settings.path, writable else { return nil }
        let lock = unsafe open(path + ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        defer { if lock >= 0 { close(lock) } }
        var locked = lock >= 0
        while locked, flock(lock, LOCK_EX) != 0 {
            locked = errno == EINTR
        }
        // A new name each time, created only if absent and never through a link.
        let temporary = path + ".\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor =
            unsafe locked ? open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) : -1
        if descriptor >= 0,
            editor.saveHistory(appending: line, to: path, size: settings.size, descriptor: descriptor),
            unsafe rename(temporary, path) == 0
        {
            return nil
        }
        let reason = unsafe String(cString: strerror(errno))
        if descriptor >= 0 { unsafe unlink(temporary) }
        guard !reportedFailure else { return nil }
        reportedFailure = true
        return "cannot write the history file \(path): \(reason)"
    }

    /// The folder that holds `path`.
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
