/// libpq's password file (`PGPASSFILE`, else `~/.pgpass`), which it reads only when no
/// one else may (mode 0600 or less) and otherwise ignores with a warning of its own.
enum PasswordFile {
    /// What `stat` (which follows links, as libpq does) says of a file.
    struct Status {
        /// Whether it is a plain file.
        var isRegularFile: Bool
        /// Its permission bits.
        var permissions: UInt32
    }

    /// The password file's path when it is a plain file (or a link to one) that others may
    /// read or write, else `nil`. `variable` reads the environment, and `status` looks at a
    /// file (`nil` when there is none): `PostgreSQLConnection`, which asks, makes those calls.
    static func loose(variable: (String) -> String?, status: (String) -> Status?) -> String? {
        let path: String
        if let named = variable("PGPASSFILE") {
            path = named
        } else if let home = variable("HOME") {
            path = home + "/.pgpass"
        } else {
            return nil
        }
        guard let found = status(path), found.isRegularFile, found.permissions & 0o077 != 0 else { return nil }
        return path
    }
}
