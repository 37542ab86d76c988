/// Reads records for `import json`: the app's own file format (an array of
/// objects, as `export json` writes it), checked record by record so that one
/// bad record rejects only itself. A record without an `id` gets a new one.
enum JSONRecordImport {
    /// The records in `bytes`, and the ones that could not be read.
    ///
    /// - Throws: when the file is not JSON or not an array; then nothing can be read.
    static func read(
        _ bytes: [UInt8], kind: ListKind, environment: SessionEnvironment
    ) throws(FileFormatError) -> ImportResult {
        let elements = try topLevelArray(bytes)
        var result = ImportResult()
        var poll = InterruptionPoll(environment.interruption)
        for (index, element) in elements.enumerated() {
            if poll.shouldStop() { break }
            let location = "record \(index + 1)"
            guard case .dictionary(let pairs) = element else {
                let reason = "\(element.typeDescription), expected a dictionary"
                result.rejected.append(ImportRejection(location: location, reason: reason))
                continue
            }
            if let other = otherKind(of: pairs.map(\.key), importingAs: kind) {
                let keys = other.fieldNames.filter { !kind.fieldNames.contains($0) }.joined(separator: ", ")
                let reason =
                    "it is \(Self.withArticle(other.noun)) (\(keys)), not \(Self.withArticle(kind.noun)); "
                    + "import it into \(Self.withArticle(other.name)) list"
                result.rejected.append(ImportRejection(location: location, reason: reason))
                continue
            }
            var builder = RecordBuilder(kind: kind)
            do throws(FileFormatError) {
                builder.beginRecord()
                for pair in pairs {
                    try builder.add(key: pair.key, value: Self.dateRead(pair, kind: kind, environment: environment))
                }
                if !pairs.contains(where: { $0.key == "id" }) {
                    try builder.add(key: "id", value: .string(environment.makeID().description))
                }
                try builder.endRecord()
                result.records += builder.finish().records
            } catch {
                result.rejected.append(ImportRejection(location: location, reason: reason(error)))
            }
        }
        return result
    }

    /// `pair`'s value, with a date field given as text or `null` (as `--format json` prints it:
    /// ISO 8601, or `YYYY-MM-DD` as `import csv` reads it) made the date it names, or the
    /// field's "not completed" value for `null` or an empty text. Any other value is as read.
    static func dateRead(
        _ pair: KeyedValue, kind: ListKind, environment: SessionEnvironment
    ) throws(FileFormatError) -> PropertyValue {
        guard let field = kind.fields.first(where: { $0.name == pair.key }), case .date(let unset) = field.type
        else { return pair.value }
        switch pair.value {
        case .null:
            return .date(unset)
        case .string(let text):
            do throws(InvalidDate) {
                let seconds = try DateText.read(text, now: environment.now(), utcOffset: environment.utcOffset)
                return .date(seconds ?? unset)
            } catch {
                throw FileFormatError(
                    "record 1: '\(pair.key)' '\(text)' is not a date (use YYYY-MM-DD, ISO 8601, or seconds since 2001)")
            }
        default:
            return pair.value
        }
    }

    /// The other kind a record's keys show it to be: a field only that kind has, and none
    /// only `kind` has. Taken in, such a record would hold the other kind's fields as keys for
    /// other apps, and as the list's first record make the file read as the other kind (found
    /// trying it).
    static func otherKind(of keys: [String], importingAs kind: ListKind) -> ListKind? {
        let own = Set(kind.fieldNames)
        guard !keys.contains(where: { own.contains($0) && !isShared($0) }) else { return nil }
        return ListKind.all.first { other in
            other.name != kind.name && keys.contains { other.fieldNames.contains($0) && !own.contains($0) }
        }
    }

    /// `word` after "a" or "an".
    private static func withArticle(_ word: String) -> String {
        ("aeiou".contains(word.first ?? "x") ? "an " : "a ") + word
    }

    /// Whether every kind has the field `name` (the title, `name`).
    private static func isShared(_ name: String) -> Bool {
        ListKind.all.allSatisfy { $0.fieldNames.contains(name) }
    }

    /// The elements of the document's top-level array.
    private static func topLevelArray(_ bytes: [UInt8]) throws(FileFormatError) -> [PropertyValue] {
        var scanner = JSONScanner(bytes.span)
        guard scanner.peekSignificant() != nil else {
            throw FileFormatError("the file is empty; expected a JSON array of records")
        }
        let value = try scanner.parseValue(depth: 0)
        if scanner.peekSignificant() != nil {
            throw scanner.error("unexpected \(scanner.describeByte(at: scanner.position)) after the JSON value")
        }
        guard case .array(let elements) = value else {
            throw FileFormatError("the top level is \(value.typeDescription), expected an array of records")
        }
        return elements
    }

    /// The builder's message without its "record 1" prefix (each record has a
    /// builder of its own, so the builder always counts 1; the location says which).
    private static func reason(_ error: FileFormatError) -> String {
        var message = Substring(error.message)
        if message.hasPrefix("record 1") { message = message.dropFirst("record 1".count) }
        if message.hasPrefix(":") { message = message.dropFirst() }
        return message.drop { $0 == " " }.description
    }
}
