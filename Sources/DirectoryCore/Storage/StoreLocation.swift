/// Where a list lives, told from the text the user gave: a file path, or a
/// PostgreSQL connection URI (`postgresql://…` or `postgres://…`).
///
/// Pure text handling, so the session can name a database in messages and the
/// prompt without ever showing a password, and without knowing any SQL.
public enum StoreLocation {
    /// The URI schemes libpq accepts.
    static let databaseSchemes = ["postgresql://", "postgres://"]

    /// Whether `location` is a database connection URI rather than a file path.
    public static func isDatabase(_ location: String) -> Bool {
        let lowered = location.prefix(13).lowercased()
        return databaseSchemes.contains { lowered.hasPrefix($0) }
    }

    /// `location` with any password removed: the `:secret` of `user:secret@host`
    /// and a `password=` query parameter. A file path comes back unchanged.
    public static func redacted(_ location: String) -> String {
        guard isDatabase(location) else { return location }
        guard let schemeEnd = location.range(of: "://") else { return location }
        let scheme = location[..<schemeEnd.upperBound]
        var rest = Substring(location[schemeEnd.upperBound...])
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[mark...]
            rest = rest[..<mark]
        }
        // The user information ends at the last `@` before the path.
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        let path = rest[authorityEnd...]
        if let at = authority.lastIndex(of: "@") {
            let user = authority[..<at]
            let name = user.firstIndex(of: ":").map { user[..<$0] } ?? user
            authority = name + authority[at...]
        }
        return String(scheme) + authority + path + redactedQuery(query)
    }

    /// The query (`?a=b&c=d`) without its `password` parameter.
    private static func redactedQuery(_ query: Substring) -> String {
        guard !query.isEmpty else { return "" }
        let parameters = query.dropFirst().split(separator: "&", omittingEmptySubsequences: false)
        let kept = parameters.filter { !$0.lowercased().hasPrefix("password=") }
        return kept.isEmpty ? "" : "?" + kept.joined(separator: "&")
    }

    /// `line` with the password of every connection URI in it removed (for the history file).
    public static func redactingPasswords(in line: String) -> String {
        guard line.lowercased().contains("postgres") else { return line }
        var words: [String] = []
        var word = ""
        for character in line {
            if character == " " || character == "\t" {
                words.append(word)
                words.append(String(character))
                word = ""
            } else {
                word.append(character)
            }
        }
        words.append(word)
        return words.map { word in
            // A URI may be quoted: redact what follows the quote.
            let quote = word.prefix { $0 == "\"" || $0 == "'" }
            let rest = String(word.dropFirst(quote.count))
            return isDatabase(rest) ? String(quote) + redacted(rest) : word
        }.joined()
    }

    /// A short name for messages and the prompt: the file's name, or for a database
    /// the redacted URI without its query, followed by `:SCHEMA` when the URI picks
    /// another directory with `options=-csearch_path=SCHEMA`.
    public static func displayName(_ location: String) -> String {
        guard isDatabase(location) else {
            return location.split(separator: "/").last.map(String.init) ?? location
        }
        let clean = redacted(location)
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
