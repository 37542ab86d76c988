import DirectoryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a recovery journal names the list it belongs to: a file's absolute path,
/// or a database connection string without its secrets (and a URI without `user:password@`),
/// and a short hash of that for file names.
public enum RecoveryLocation {
    /// The list's location as journals and kept versions record it: the file's real path,
    /// or when there is no file yet the real path of its folder and its name (so the same list
    /// is found through any relative path, and any link to it or to its folder: found trying
    /// it, a list opened through a link to the file had a journal and versions of its own).
    public static func of(_ path: String) -> String {
        if StoreLocation.isDatabase(path) {
            let clean = StoreLocation.redacted(path)
            guard let scheme = clean.range(of: "://") else { return clean }
            return withoutCredentials(clean, afterScheme: scheme.upperBound)
        }
        if let scheme = path.range(of: "://") {
            return withoutCredentials(path, afterScheme: scheme.upperBound)
        }
        if let whole = unsafe realpath(path, nil) {
            defer { unsafe free(whole) }
            return unsafe String(cString: whole)
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolved = unsafe realpath(folder, nil) else { return path }
        defer { unsafe free(resolved) }
        let real = unsafe String(cString: resolved)
        return (real == "/" ? "" : real) + "/" + name
    }

    /// `scheme://user:password@host/…` as `scheme://host/…`; other URIs unchanged.
    static func withoutCredentials(_ uri: String, afterScheme start: String.Index) -> String {
        let rest = uri[start...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return uri }
        return String(uri[..<start]) + String(rest[rest.index(after: at)...])
    }

    /// Sixteen hexadecimal digits of a 64-bit FNV-1a hash of `location`: the start of its journals' names.
    public static func hash(_ location: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in location.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
