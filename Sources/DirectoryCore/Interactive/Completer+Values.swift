/// Completing the value after `set FIELD` and `find FIELD:`: the values the list already has
/// in that field (`set office Bri<Tab>` offers `Briggs 413`), matched ignoring case and
/// accents; for a date field, the words that stand for dates (`today`, and `none` after `set`).
extension Completer {
    /// The distinct values of text field `field` that start with `typed`, sorted; for a date
    /// field, `today` and `none`. Values that would not survive being typed back (control
    /// characters, spaces at either end, a leading quote) are not offered.
    func fieldValues(of field: String, startingWith typed: String) -> Completion {
        guard let index = kind.fieldIndex(named: field) else { return .none }
        guard kind.fields[index].isText else { return words(Self.dateWords(clearing: true), for: typed) }
        let values = distinctValues(of: index, startingWith: typed, where: Self.typesBack)
        let candidates = values.sorted().map { Completion.Candidate(text: $0, terminator: "") }
        return Completion(word: typed, candidates: candidates)
    }

    /// The words a date can be typed as besides a date: `today`, and `none` where the date
    /// may be cleared (`set`; `done` always sets one).
    static func dateWords(clearing: Bool) -> [String] {
        clearing ? ["today", "none"] : ["today"]
    }

    /// After `find FIELD:`, the values of that text field as `set FIELD` offers them (none for
    /// a date field, which `find` matches as `list` shows it); `nil` when the text does not
    /// start with a field's name and a colon, so that names are offered.
    func findFieldValues(_ argument: String) -> Completion? {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        let name = argument[..<colon].lowercased()
        guard let field = kind.fields.first(where: { $0.name.lowercased() == name }) else { return nil }
        guard field.isText else { return Completion.none }
        return fieldValues(of: field.name, startingWith: String(argument[argument.index(after: colon)...]))
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
