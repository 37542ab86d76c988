import Foundation

/// libpq's password file (`PGPASSFILE`, else `~/.pgpass`), which it reads only when no
/// one else may (mode 0600 or less) and otherwise ignores with a warning of its own.
enum PasswordFile {
    /// The password file's path when it is a plain file (or a link to one, which libpq
    /// follows) that others may read or write, else `nil`.
    static func loose(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path: String
        if let named = environment["PGPASSFILE"] {
            path = named
        } else if let home = environment["HOME"] {
            path = home + "/.pgpass"
        } else {
            return nil
        }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: target),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0
        else {
            return nil
        }
        return path
    }
}
