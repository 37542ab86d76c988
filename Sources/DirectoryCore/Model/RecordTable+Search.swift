/// Searching a table's rows without making records.
extension RecordTable {
    /// Every text value folded for searching, built the first time it is asked for and
    /// kept for the table's life; `nil` when the values are too large to index.
    var foldedIndex: FoldedIndex? { searchCache.index(of: self) }
}
