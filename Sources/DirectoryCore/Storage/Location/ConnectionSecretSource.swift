import Synchronization

/// What a database's client library says is secret in a connection string: the keywords
/// it treats as passwords, and the values of those keywords in a given string as its own
/// parser reads them. The core links no client library; the program installs one
/// (`StoreLocation.useSecrets(from:)`, libpq's in DirectoryPostgreSQL) at start-up, and
/// without one redaction goes by the look of each key.
public protocol ConnectionSecretSource: Sendable {
    /// Every keyword the library treats as a password, or `nil` when it cannot say.
    var keywords: Set<String>? { get }

    /// The non-empty values of the secret keywords in `location` as the library parses it;
    /// `nil` when it cannot say or cannot parse `location`.
    func values(in location: String) -> [String]?
}

extension StoreLocation {
    /// The installed source of secrets; `nil` until the program installs one.
    private static let secretSource = Mutex<(any ConnectionSecretSource)?>(nil)

    /// Makes redaction ask `source` which parts of a connection string are secret. Cheap:
    /// the source is asked only when a connection string is first redacted.
    public static func useSecrets(from source: any ConnectionSecretSource) {
        secretSource.withLock { $0 = source }
    }

    /// The installed source of secrets, or `nil` for redaction by the look of each key.
    static var installedSecrets: (any ConnectionSecretSource)? {
        secretSource.withLock { $0 }
    }
}
