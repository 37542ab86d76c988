import Synchronization

/// Which files were read whole and hashed to learn their version (not the hashing of a load's
/// or a save's own bytes as they pass): tests count them to pin that a save whose file's status
/// proves it unchanged reads it no more. Nothing is noted until a test starts it.
enum HashPasses {
    private static let noted = Mutex<[String]?>(nil)

    /// Notes every pass from now on.
    static func start() {
        noted.withLock { if $0 == nil { $0 = [] } }
    }

    /// Notes a pass over the file at `path`, when started.
    static func note(_ path: String) {
        noted.withLock { $0?.append(path) }
    }

    /// How many passes were noted over files whose path begins with `prefix` (a test's folder).
    static func count(under prefix: String) -> Int {
        noted.withLock { ($0 ?? []).count { $0.hasPrefix(prefix) } }
    }
}
