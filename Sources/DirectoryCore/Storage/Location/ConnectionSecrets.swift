import CPostgreSQL

/// libpq's own word on what in a connection string is secret: the keywords it shows
/// as passwords (`dispchar` `*`), and the values of those keywords in a given string as
/// its parser (`PQconninfoParse`) reads them. Both are `nil` when libpq cannot be
/// loaded, and redaction then goes by the look of each key.
enum ConnectionSecrets {
    /// Every keyword libpq treats as a password (`password`, `sslpassword`), or `nil` without libpq.
    static let keywords: Set<String>? = {
        guard unsafe directory_libpq_problem() == nil, let options = unsafe PQconndefaults() else { return nil }
        defer { unsafe PQconninfoFree(options) }
        var secret: Set<String> = []
        var option = unsafe options
        while let keyword = unsafe option.pointee.keyword {
            if let display = unsafe option.pointee.dispchar, unsafe display.pointee == CChar(UInt8(ascii: "*")) {
                unsafe secret.insert(String(cString: keyword))
            }
            unsafe option += 1
        }
        return secret
    }()

    /// The non-empty values of the secret keywords in `location` as libpq parses it; `nil`
    /// without libpq or when libpq cannot parse it.
    static func values(in location: String) -> [String]? {
        guard let keywords, let options = unsafe PQconninfoParse(location, nil) else { return nil }
        defer { unsafe PQconninfoFree(options) }
        var values: [String] = []
        var option = unsafe options
        while let keyword = unsafe option.pointee.keyword {
            if unsafe keywords.contains(String(cString: keyword)), let value = unsafe option.pointee.val,
                unsafe value.pointee != 0
            {
                unsafe values.append(String(cString: value))
            }
            unsafe option += 1
        }
        return values
    }
}
