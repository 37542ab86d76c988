import DirectoryCore

#if canImport(Glibc)
    import Glibc
#endif

/// The history file: loaded when the session starts, rewritten after every
/// command (so a crash keeps it) through a temporary file renamed over it,
/// readable only by its owner.
struct HistoryFile {
    /// Where the file is and how many lines it keeps.
    let settings: HistorySettings
    /// Whether writing failed once already (reported once, not after every command).
    private var reportedFailure = false
    /// Set when an existing file could not be read: it is then never overwritten.
    private var writable = true

    /// The history file described by `settings`.
    init(settings: HistorySettings) {
        self.settings = settings
    }

    /// Creates the folder when missing and loads the file into `editor`; returns a
    /// warning when an existing file is not a history file (it is then left alone).
    mutating func load(into editor: some LineEditor) -> String? {
        guard let path = settings.path else { return nil }
        FolderCreation.createFolders(for: path)
        guard access(path, F_OK) == 0 else { return nil }
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
        let temporary = path + ".\(getpid()).tmp"
        if editor.saveHistory(to: temporary), chmod(temporary, 0o600) == 0, rename(temporary, path) == 0 {
            return nil
        }
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        guard !reportedFailure else { return nil }
        reportedFailure = true
        return "cannot write the history file \(path): \(reason)"
    }
}
