/// Taking secrets out of connection strings before they are shown or stored (the prompt,
/// messages, `--print-config`, the history file, a recovery journal's header).
///
/// Which keywords are secrets is libpq's own answer (`ConnectionSecretSource`, installed by
/// the program): every keyword it displays as a password, compared with each key as libpq
/// decodes it (`?pass%77ord=` is `password`). Without libpq, every key that looks secret is
/// taken out. The result is then checked against libpq's parse of the original: if a secret
/// value is still in it, only the parts that cannot hold one are kept.
extension StoreLocation {
    /// `location` with every secret taken out: the `:secret` of `user:secret@host`, and each
    /// secret keyword's parameter (`password=`, `sslpassword=`, however spelled). A file
    /// path comes back unchanged.
    public static func redacted(_ location: String) -> String {
        redacted(location, secretKeywords: installedSecrets?.keywords)
    }

    /// `redacted(_:)` deciding secrets with `secretKeywords` (libpq's), or by their look when `nil`.
    static func redacted(_ location: String, secretKeywords: Set<String>?) -> String {
        let isSecret = { (key: String) -> Bool in
            let key = key.lowercased()
            return looksSecret(key) || secretKeywords?.contains(key) == true
        }
        let clean: String
        if isURI(location) {
            clean = redactedURI(location, isSecret: isSecret)
        } else if isKeywordValue(location) {
            clean = ConnectionWords.parse(location).filter { !isSecret($0.key) }.map(\.text).joined(separator: " ")
        } else {
            return location
        }
        guard let secrets = installedSecrets?.values(in: location),
            secrets.contains(where: { clean.contains($0) || clean.contains(percentEncoded($0)) })
        else { return clean }
        return bare(location)
    }

    /// Whether a keyword looks like it holds a secret (used with or without libpq's list).
    static func looksSecret(_ key: String) -> Bool {
        key.contains("password") || key.contains("secret") || key.contains("token")
    }

    /// `scheme://user:secret@hosts/db?query` without the secret and the secret parameters.
    private static func redactedURI(_ location: String, isSecret: (String) -> Bool) -> String {
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
        guard !query.isEmpty else { return String(scheme) + authority + path }
        let parameters = query.dropFirst().split(separator: "&", omittingEmptySubsequences: false)
        let kept = parameters.filter { parameter in
            let key = parameter.firstIndex(of: "=").map { parameter[..<$0] } ?? parameter
            return !isSecret(percentDecoded(key))
        }
        return String(scheme) + authority + path + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }

    /// The most that is shown when redaction could not be trusted: the URI's scheme, hosts
    /// (without user information) and path, or a keyword/value string's host, port, database and user.
    private static func bare(_ location: String) -> String {
        if isURI(location), let schemeEnd = location.range(of: "://") {
            var rest = location[schemeEnd.upperBound...]
            rest = rest[..<(rest.firstIndex(of: "?") ?? rest.endIndex)]
            let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
            return String(location[..<schemeEnd.upperBound]) + rest
        }
        let shown: Set<String> = ["host", "hostaddr", "port", "dbname", "user"]
        return ConnectionWords.parse(location).filter { shown.contains($0.key) }.map(\.text)
            .joined(separator: " ")
    }

    /// `text` with every byte but letters and digits written as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar)) {
                encoded.unicodeScalars.append(scalar)
            } else {
                let digits = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (digits.count == 1 ? "0" : "") + digits
            }
        }
        return encoded
    }

    /// `line` with the secrets of every connection string in it taken out (for the history
    /// file): each URI word, and a keyword/value string that follows the command's name.
    public static func redactingPasswords(in line: String) -> String {
        let lowered = line.lowercased()
        guard lowered.contains("postgres") || lowered.contains("=") else { return line }
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
        let uris = words.map { word in
            // A URI may be quoted: redact what follows the quote.
            let quote = word.prefix { $0 == "\"" || $0 == "'" }
            let rest = String(word.dropFirst(quote.count))
            return isURI(rest) ? String(quote) + redacted(rest) : word
        }.joined()
        // `open host=… password=…`: the argument is one keyword/value string.
        let command = uris.prefix { $0 != " " && $0 != "\t" }
        let argument = uris.dropFirst(command.count).drop { $0 == " " || $0 == "\t" }
        let quote = argument.prefix { $0 == "\"" || $0 == "'" }
        let text = String(argument.dropFirst(quote.count))
        guard isKeywordValue(text) else { return uris }
        let spaces = uris.dropFirst(command.count).prefix { $0 == " " || $0 == "\t" }
        return command + spaces + quote + redacted(text)
    }
}

extension StoreLocation {
    /// The secret values in `location` as libpq parses it (none without libpq).
    public static func secrets(of location: String) -> [String] {
        guard isDatabase(location) else { return [] }
        return installedSecrets?.values(in: location) ?? []
    }
}
