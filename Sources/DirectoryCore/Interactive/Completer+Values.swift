/// Completing the value after `set FIELD`: the values the list already has in that
/// field (`set office Bri<Tab>` offers `Briggs 413`), matched ignoring case and accents.
extension Completer {
    /// The distinct values of text field `field` that start with `typed`, sorted.
    /// Values that would not survive being typed back (control characters, spaces at
    /// either end, a leading quote) are not offered.
    func fieldValues(of field: String, startingWith typed: String) -> Completion {
        guard let index = schema.fieldIndex(named: field), schema.fields[index].isText else { return .none }
        let folded = TextMatcher.fold(typed)
        var seen = Set<String>()
        for record in records {
            guard let value = record.values[index].text, !value.isEmpty, !seen.contains(value),
                Self.typesBack(value), TextMatcher.fold(value).hasPrefix(folded)
            else { continue }
            seen.insert(value)
        }
        let candidates = seen.sorted().map { Completion.Candidate(text: $0, terminator: "") }
        return Completion(word: typed, candidates: candidates)
    }

    /// Whether `value`, typed after `set FIELD`, would be stored as it is.
    static func typesBack(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last else { return false }
        if first == " " || last == " " || first == "\"" || first == "'" { return false }
        return !value.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
