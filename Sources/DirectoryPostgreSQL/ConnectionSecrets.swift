import CPostgreSQL
import DirectoryCore

/// libpq's own word on what in a connection string is secret: the keywords it shows
/// as passwords (`dispchar` `*`), and the values of those keywords in a given string as
/// its parser (`PQconninfoParse`) reads them. Both are `nil` when libpq cannot be
/// loaded, and redaction then goes by the look of each key.
public enum ConnectionSecrets {
    /// Makes the core's redaction (`StoreLocation.redacted`) ask libpq. Loads nothing:
    /// libpq is loaded when a connection string is first redacted.
    public static func install() {
        StoreLocation.useSecrets(from: Source())
    }

    /// libpq's answer as the core asks for it.
    private struct Source: ConnectionSecretSource {
        var keywords: Set<String>? { ConnectionSecrets.keywords }
        func values(in location: String) -> [String]? { ConnectionSecrets.values(in: location) }
    }

    /// Every keyword libpq treats as a password (`password`, `sslpassword`), or `nil` without libpq.
    static let keywords: Set<String>? = {
        guard let options = options(parsing: nil) else { return nil }
        return Set(options.filter(\.isSecret).map(\.keyword))
    }()

    /// The non-empty values of the secret keywords in `location` as libpq parses it; `nil`
    /// without libpq or when libpq cannot parse it.
    static func values(in location: String) -> [String]? {
        guard let keywords, let options = options(parsing: location) else { return nil }
        return options.compactMap { option in
            guard keywords.contains(option.keyword), let value = option.value, !value.isEmpty else { return nil }
            return value
        }
    }

    /// One of libpq's connection options, copied out of its C array.
    private struct Option {
        let keyword: String
        /// Whether libpq shows it as a password (`dispchar` `*`).
        let isSecret: Bool
        let value: String?
    }

    /// libpq's options: its defaults (`location` `nil`) or those `location` sets; `nil`
    /// without libpq or when libpq cannot parse `location`.
    ///
    /// The one walk over the array of C structs libpq hands out, and frees here.
    private static func options(parsing location: String?) -> [Option]? {
        guard unsafe directory_libpq_problem() == nil,
            let array = unsafe location.map({ unsafe PQconninfoParse($0, nil) }) ?? PQconndefaults()
        else { return nil }
        return unsafe options(taking: array)
    }

    /// The non-empty option values of the array libpq handed out (`PQconninfo` of a
    /// connection: what it resolved), by keyword; frees the array.
    static func values(taking array: UnsafeMutablePointer<PQconninfoOption>?) -> [String: String] {
        guard let array = unsafe array else { return [:] }
        var values: [String: String] = [:]
        for option in unsafe options(taking: array) {
            if let value = option.value, !value.isEmpty { values[option.keyword] = value }
        }
        return values
    }

    /// The options in `array`, which is freed.
    private static func options(taking array: UnsafeMutablePointer<PQconninfoOption>) -> [Option] {
        defer { unsafe PQconninfoFree(array) }
        var options: [Option] = []
        var option = unsafe array
        while let keyword = unsafe option.pointee.keyword {
            let display = unsafe option.pointee.dispchar.map { unsafe $0.pointee }
            let value = unsafe option.pointee.val.map { unsafe String(cString: $0) }
            unsafe options.append(
                Option(
                    keyword: String(cString: keyword), isSecret: display == CChar(UInt8(ascii: "*")), value: value))
            unsafe option += 1
        }
        return options
    }
}
