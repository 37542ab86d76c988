import Synchronization

/// Every text value of a `RecordTable`, folded for searching (`UTF8CaseFolding`, the rules of
/// `TextMatcher`) into one buffer, so that `find` is one pass over memory
/// (`SubstringFinder`) instead of a fold per record.
///
/// Each value is followed by the byte 0xFF, which no UTF-8 text holds: a match can never
/// run from one value into the next. A table never changes, so its index, built the
/// first time a search needs it, is never stale (see `RecordTable.caseFoldedIndex`).
struct CaseFoldedIndex: Sendable {
    /// The text fields' numbers in the kind, in order: value `k` of the index is
    /// text field `textFields[k % textFields.count]` of row `k / textFields.count`.
    let textFields: [Int]
    /// The folded values, each followed by `separator`.
    let bytes: [UInt8]
    /// Where each value starts in `bytes`, and one more entry for the end.
    let starts: [UInt32]
    /// The number of rows.
    let rows: Int
    /// How often each byte value occurs in a sample of `bytes`, to look for a needle's
    /// rarest byte.
    let byteCounts: [Int]

    /// The byte after each value.
    static let separator: UInt8 = 0xFF

    /// The rows with a value (in text field `field` only, when given) that contains
    /// `needle`, folded; an empty needle is in every value.
    func rows(containing needle: [UInt8], field: Int? = nil) -> RowSet {
        var found = RowSet(count: rows)
        let width = textFields.count
        guard width > 0 else { return found }
        let wanted = field.flatMap { textFields.firstIndex(of: $0) }
        if field != nil, wanted == nil { return found }
        guard !needle.isEmpty else {
            for row in 0..<rows { found.insert(row) }
            return found
        }
        let haystack = bytes.span
        let starts = starts.span
        let finder = SubstringFinder(needle: needle, counts: byteCounts)
        var position = wanted.map { Int(starts[$0]) } ?? 0
        var value = wanted ?? 0
        while position < haystack.count {
            guard let offset = finder.first(in: haystack, from: position, to: haystack.count) else { break }
            while Int(starts[value &+ 1]) <= offset { value &+= 1 }
            let row = value / width
            if let wanted, value % width != wanted {
                // A hit in another field: go on from the wanted field, in this row or the next.
                let next = row &* width &+ wanted
                value = next > value ? next : next &+ width
                guard value < starts.count - 1 else { break }
                position = Int(starts[value])
                continue
            }
            found.insert(row)
            value = (row &+ 1) &* width &+ (wanted ?? 0)
            guard value < starts.count - 1 else { break }
            position = Int(starts[value])
        }
        return found
    }

    /// The rows whose text field `field`, folded, is exactly `needle` (`exact`) or
    /// starts with it.
    func rows(field: Int, equalTo needle: [UInt8], exact: Bool) -> RowSet {
        var found = RowSet(count: rows)
        guard let wanted = textFields.firstIndex(of: field) else { return found }
        let width = textFields.count
        let haystack = bytes.span
        let starts = starts.span
        let needle = needle.span
        for row in 0..<rows {
            let value = row &* width &+ wanted
            let start = Int(starts[value])
            let length = Int(starts[value &+ 1]) &- 1 &- start
            guard exact ? length == needle.count : length >= needle.count else { continue }
            let piece = haystack.extracting(start..<start &+ needle.count)
            guard piece.hasSameBytes(as: needle) else { continue }
            found.insert(row)
        }
        return found
    }
}

/// Where a `RecordTable` keeps its `CaseFoldedIndex` once a search has built it. The table
/// never changes, so the index is built at most once and shared by every copy of the
/// list, by `find` and by Tab completion, from any thread.
final class CaseFoldedIndexCache: Sendable {
    private let built = Mutex<CaseFoldedIndex??>(nil)

    /// An empty cache.
    init() {}

    /// The index of `table`, built on first use (`nil` when the table cannot have one).
    func index(of table: RecordTable) -> CaseFoldedIndex? {
        built.withLock { built in
            if let index = built { return index }
            let index = CaseFoldedIndex(table)
            built = .some(index)
            return index
        }
    }
}
