/// Where a list lives, told from the text the user gave: a file path, or a
/// PostgreSQL connection string — a URI (`postgresql://…` or `postgres://…`) or
/// libpq's keyword/value form (`host=db.example.org dbname=dept`).
///
/// Text handling, so the session can name a database in messages and the prompt
/// without ever showing a password (`StoreLocation+Redaction`), and without knowing any SQL.
public enum StoreLocation {
    /// The URI schemes libpq accepts.
    static let databaseSchemes = ["postgresql://", "postgres://"]

    /// The keywords of libpq's connection strings (PostgreSQL 15 to 17): a location that
    /// starts with `KEYWORD=` is a keyword/value connection string, not a file name.
    static let connectionKeywords: Set<String> = [
        "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "require_auth", "channel_binding",
        "connect_timeout", "client_encoding", "options", "application_name", "fallback_application_name",
        "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout",
        "replication", "gssencmode", "sslmode", "sslnegotiation", "sslcompression", "sslcert", "sslkey",
        "sslpassword", "sslcertmode", "sslrootcert", "sslcrl", "sslcrldir", "sslsni", "requirepeer",
        "ssl_min_protocol_version", "ssl_max_protocol_version", "krbsrvname", "gsslib", "gssdelegation",
        "service", "target_session_attrs", "load_balance_hosts",
    ]

    /// Whether `location` is a database connection string rather than a file path.
    public static func isDatabase(_ location: String) -> Bool {
        isURI(location) || isKeywordValue(location)
    }

    /// Whether `location` is a `postgresql://` or `postgres://` URI.
    static func isURI(_ location: String) -> Bool {
        let lowered = location.prefix(13).lowercased()
        return databaseSchemes.contains { lowered.hasPrefix($0) }
    }

    /// Whether `location` is a keyword/value connection string: it starts with one of
    /// libpq's keywords followed by `=` (spaces allowed around it, as libpq allows).
    static func isKeywordValue(_ location: String) -> Bool {
        let text = location.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        let keyword = text.prefix { $0.isLetter || $0 == "_" }
        guard !keyword.isEmpty, connectionKeywords.contains(String(keyword)) else { return false }
        return text.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" }.first == "="
    }

    /// A short name for messages and the prompt: the file's name, or for a database
    /// the redacted URI without its query, followed by `:SCHEMA` when the URI picks
    /// another directory with `options=-csearch_path=SCHEMA`.
    public static func displayName(_ location: String) -> String {
        guard isDatabase(location) else {
            return location.split(separator: "/").last.map(String.init) ?? location
        }
        let clean = redacted(location)
        guard isURI(clean) else { return clean }
        guard let mark = clean.firstIndex(of: "?") else { return clean }
        let base = String(clean[..<mark])
        guard let schema = searchPath(in: clean) else { return base }
        return base + ":" + schema
    }

    /// The schema named by `options=-csearch_path=NAME` (or `-c search_path=NAME`), if any.
    public static func searchPath(in location: String) -> String? {
        guard let mark = location.firstIndex(of: "?") else { return nil }
        for parameter in location[location.index(after: mark)...].split(separator: "&") {
            guard parameter.lowercased().hasPrefix("options=") else { continue }
            let value = percentDecoded(parameter.dropFirst("options=".count))
            guard let range = value.range(of: "search_path=") else { continue }
            let name = value[range.upperBound...].prefix { $0 != " " && $0 != "," }
            if !name.isEmpty { return String(name) }
        }
        return nil
    }

    /// `text` with `%XX` escapes decoded (and `+` left alone, as libpq does).
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
