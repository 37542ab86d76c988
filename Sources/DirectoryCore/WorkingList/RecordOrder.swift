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

    /// The indices of `records` in sorted order; `nil` when `interruption` was asked for (it is
    /// asked every `Interruption.stride` records while the keys are made and every as many
    /// comparisons while they are sorted).
    func sorted(_ records: RecordList, interruption: Interruption = .never) -> [Int]? {
        var poll = InterruptionPoll(interruption)
        let order: [Int]
        switch kind.fields[field].type {
        case .text:
            var texts: [String] = []
            texts.reserveCapacity(records.count)
            for index in records.indices {
                if poll.shouldStop() { return nil }
                texts.append(records.value(at: index, field: field).text ?? "")
            }
            let collation = CollationKeys(texts, locale: locale)
            if interruption.isRequested { return nil }
            let keys = texts.map { collation.key($0) }
            if interruption.isRequested { return nil }
            let descending = self.descending
            // Once stopped, the comparisons are cheap and meaningless: the order is thrown away.
            order = records.indices.sorted { lhs, rhs in
                if poll.shouldStop() { return lhs < rhs }
                let compared = CollationKeys.compare(keys[lhs], keys[rhs])
                if compared != 0 { return descending ? compared > 0 : compared < 0 }
                return lhs < rhs
            }
        case .date(let unset):
            let keys = records.indices.map { index -> Double? in
                guard case .date(let seconds) = records.value(at: index, field: field), seconds != unset else {
                    return nil
                }
                return seconds
            }
            let descending = self.descending
            order = records.indices.sorted { lhs, rhs in
                if poll.shouldStop() { return lhs < rhs }
                switch (keys[lhs], keys[rhs]) {
                case (let a?, let b?) where a != b: return descending ? a > b : a < b
                case (.some, nil): return true
                case (nil, .some): return false
                default: return lhs < rhs
                }
            }
        }
        return poll.stopped || interruption.isRequested ? nil : order
    }
}
