import Foundation

/// The order `sort` puts records in: text in the locale's alphabetical order ignoring
/// case and accents (`Zoë` with `zoe`), runs of digits by their value (`Room 9` before
/// `Room 10`); dates oldest first, with no date last. Equal values keep their order.
struct RecordOrder {
    /// The field to sort by.
    let field: Int
    /// The kind of the records.
    let kind: ListKind
    /// Whether the greatest value comes first.
    let descending: Bool
    /// Whose alphabet orders text.
    var locale = Locale(identifier: "")

    /// The indices of `records` in sorted order.
    func sorted(_ records: RecordList) -> [Int] {
        switch kind.fields[field].type {
        case .text:
            let texts = records.indices.map { records.value(at: $0, field: field).text ?? "" }
            let collation = CollationKeys(texts, locale: locale)
            let keys = texts.map { collation.key($0) }
            return records.indices.sorted { lhs, rhs in
                let order = CollationKeys.compare(keys[lhs], keys[rhs])
                if order != 0 { return descending ? order > 0 : order < 0 }
                return lhs < rhs
            }
        case .date(let unset):
            let keys = records.indices.map { index -> Double? in
                guard case .date(let seconds) = records.value(at: index, field: field), seconds != unset else {
                    return nil
                }
                return seconds
            }
            return records.indices.sorted { lhs, rhs in
                switch (keys[lhs], keys[rhs]) {
                case (let a?, let b?) where a != b: return descending ? a > b : a < b
                case (.some, nil): return true
                case (nil, .some): return false
                default: return lhs < rhs
                }
            }
        }
    }
}
