/// Finds records of a list by text, ignoring case and accents as `TextMatcher` does.
///
/// Records still in the list's `RecordTable` are searched all at once in the table's
/// `CaseFoldedIndex` (one `memmem` pass, built on the first search); records kept whole
/// (new, edited, or ones a table cannot hold) are checked one by one with a
/// `TextMatcher`. The answer is the same as checking every record with the matcher.
struct RecordSearch {
    /// The list searched.
    let records: RecordList

    /// A search of `records`.
    init(_ records: RecordList) {
        self.records = records
    }

    /// Indices of the records with `text` in any text field or kept string (`find TEXT`).
    func indices(containing text: String) -> [Int] {
        let matcher = TextMatcher(text)
        return indices(
            table: { $0.rows(containing: matcher.folded) },
            other: { matcher.matches(records[$0]) })
    }

    /// Indices of the records whose field `field` contains `text` (`find FIELD:TEXT`);
    /// a date is searched as `cell` shows it.
    func indices(containing text: String, field: Int, cell: (FieldValue) -> String) -> [Int] {
        let matcher = TextMatcher(text)
        let indexed = records.table.map { $0.textFields[field] } ?? false
        return indices(
            table: { indexed ? $0.rows(containing: matcher.folded, field: field) : nil },
            other: { index in
                let value = records.value(at: index, field: field)
                guard case .text(let text) = value else { return matcher.contains(cell(value)) }
                return matcher.contains(text)
            })
    }

    /// Indices of the records whose text field `field`, folded, is `text` folded
    /// (`exactly`), or starts with it.
    func indices(field: Int, matching text: String, exactly: Bool) -> [Int] {
        indices(field: field, matching: ScalarCaseFolding().fold(text), exactly: exactly)
    }

    /// Indices of the records whose text field `field`, folded, is `needle` (already
    /// folded, `exactly`) or starts with it.
    func indices(field: Int, matching needle: [UInt8], exactly: Bool) -> [Int] {
        let folding = ScalarCaseFolding()
        var folded: [UInt8] = []
        return indices(
            table: { $0.rows(field: field, equalTo: needle, exact: exactly) },
            other: { index in
                guard case .text(let value) = records.value(at: index, field: field) else { return false }
                folding.fold(value, into: &folded)
                return exactly ? folded == needle : folded.starts(with: needle)
            })
    }

    /// Indices, in list order, of the table rows `table` finds in the index and of the
    /// other records `other` accepts (by index). Without an index, or when `table`
    /// gives none, every record goes to `other`.
    private func indices(table: (CaseFoldedIndex) -> RowSet?, other: (Int) -> Bool) -> [Int] {
        let found = records.table?.caseFoldedIndex.flatMap(table)
        var indices: [Int] = []
        for index in records.indices {
            if let found, let row = records.tableRow(at: index) {
                if found.contains(row) { indices.append(index) }
            } else if other(index) {
                indices.append(index)
            }
        }
        return indices
    }
}
