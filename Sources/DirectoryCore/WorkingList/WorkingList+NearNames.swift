/// The records whose names are near a name that matched none, for "no record is called …"
/// (`SessionError.nameNotFound`): what `edit zoe` could have meant.
extension WorkingList {
    /// How many near records the message names; the rest are counted as "and more".
    static let shownNearNames = 5

    /// The records whose name contains `name` (ignoring case and accents: `zoe` is near `Zoë 高橋`
    /// and `Zoe Smith`), else those a typo away from it (`Zeo Smith`), each as `N NAME`, in list
    /// order; and whether there are more than `shownNearNames`. Only a failed lookup pays for it.
    func nearNames(to name: String) -> (names: [String], more: Bool) {
        let field = kind.titleField
        var indices = RecordSearch(records).indices(containing: name, field: field) { _ in "" }
        if indices.isEmpty {
            let folded = TextMatcher.fold(name)
            let length = folded.count
            let limit = max(1, length / 3)
            for index in records.indices {
                guard case .text(let text) = records.value(at: index, field: field),
                    abs(text.count - length) <= limit,
                    Suggestion.editDistance(folded, TextMatcher.fold(text)) <= limit
                else { continue }
                indices.append(index)
                if indices.count > Self.shownNearNames { break }
            }
        }
        let names = indices.prefix(Self.shownNearNames).map { index in
            "\(index + 1) \(records.value(at: index, field: field).text ?? "")"
        }
        return (names, indices.count > Self.shownNearNames)
    }
}
