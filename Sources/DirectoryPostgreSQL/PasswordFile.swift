#if canImport(Glibc)
    import Glibc
#endif

/// libpq's password file (`PGPASSFILE`, else `~/.pgpass`), which it reads only when no
/// one else may (mode 0600 or less) and otherwise ignores with a warning of its own.
enum PasswordFile {
    /// The password file's path when it is a plain file that others may read or write, else `nil`.
    static func loose() -> String? {
        let path: String
        if let named = unsafe getenv("PGPASSFILE") {
            path = unsafe String(cString: named)
        } else if let home = unsafe getenv("HOME") {
            path = unsafe String(cString: home) + "/.pgpass"
        } else {
            return nil
        }
        var status = stat()
        guard unsafe stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 != 0 else {
            return nil
        }
        return path
    }
}
