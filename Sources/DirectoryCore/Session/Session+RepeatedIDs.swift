/// Records that share an id: kept as distinct records, with a warning when opened.
extension Session {
    /// The warning for a list whose records repeat ids, or `nil` when every id is unique.
    public var repeatedIDWarning: String? {
        guard !repeatedIDs.isEmpty else { return nil }
        let shown = repeatedIDs.prefix(3).map(\.description).joined(separator: ", ")
        let more = repeatedIDs.count > 3 ? " and \(repeatedIDs.count - 3) more" : ""
        let ids = repeatedIDs.count == 1 ? "1 id is" : "\(repeatedIDs.count) ids are"
        return "\(ids) shared by more than one record in \(fileName) (\(shown)\(more)): "
            + "they are kept as distinct records, and merged with another session's by their order."
    }

    /// After a save: numbers records that share an id again, in the order just written.
    mutating func renumberOccurrences() {
        let numbered = records.indices.contains { records.key(at: $0).occurrence > 0 }
        guard !repeatedIDs.isEmpty || numbered else { return }
        repeatedIDs = RecordKey.numberOccurrences(in: &records)
    }
}
