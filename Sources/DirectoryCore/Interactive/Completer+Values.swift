/// Completing the value after `set FIELD`: the values the list already has in that
/// field (`set office Bri<Tab>` offers `Briggs 413`), matched ignoring case and accents.
extension Completer {
    /// The distinct values of text field `field` that start with `typed`, sorted.
    /// Values that would not survive being typed back (control characters, spaces at
    /// either end, a leading quote) are not offered.
    func fieldValues(of field: String, startingWith typed: String) -> Completion {
        guard let index = kind.fieldIndex(named: field), kind.fields[index].isText else { return .none }
        let values = distinctValues(of: index, startingWith: typed, where: Self.typesBack)
        let candidates = values.sorted().map { Completion.Candidate(text: $0, terminator: "") }
        return Completion(word: typed, candidates: candidates)
    }

    /// The distinct non-empty values of text field `field` that start with `typed`,
    /// ignoring case and accents, and that `accept` takes, in list order.
    ///
    /// The list's search index narrows the records to those whose folded value starts
    /// with the folded text; each distinct value among them is then checked once by
    /// folding it whole (`TextMatcher.fold`), so a million names cost one scan.
    func distinctValues(of field: Int, startingWith typed: String, where accept: (String) -> Bool) -> [String] {
        let folded = TextMatcher.fold(typed)
        var checked: [String: Bool] = [:]
        var values: [String] = []
        for index in RecordSearch(records).indices(field: field, matching: typed, exactly: false) {
            guard let value = records.value(at: index, field: field).text, !value.isEmpty, checked[value] == nil
            else { continue }
            let wanted = accept(value) && TextMatcher.fold(value).hasPrefix(folded)
            checked[value] = wanted
            if wanted { values.append(value) }
        }
        return values
    }

    /// Whether `value`, typed after `set FIELD`, would be stored as it is.
    static func typesBack(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last else { return false }
        if first == " " || last == " " || first == "\"" || first == "'" { return false }
        return !value.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
