/// The prompt's hold on the current record.
extension Session {
    /// Makes record `index` current again after a command that failed: the prompt shows the
    /// current record (`[3 Zoe Smith]`), and a failed `edit`, which leaves none current so that
    /// a script's next `set` cannot change the wrong record, must not take it from the prompt.
    /// An index past the end of the list (or `nil`) leaves no record current.
    public mutating func keepCurrent(_ index: Int?) {
        guard let index, records.indices.contains(index) else {
            list.current = nil
            return
        }
        list.current = index
    }
}
