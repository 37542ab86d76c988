/// `find FIELD:TEXT`: searching one field.
extension WorkingList {
    /// The records whose field `name` contains `text`, ignoring case and accents. A name
    /// that is no field, nor close to one, is searched for with the text in every field
    /// (`find re:meeting` finds "Re: meeting"); a near miss is an error naming the fields.
    func find(field name: String, text: String) throws(SessionError) -> CommandOutput {
        let field: Int
        do {
            field = try fieldIndex(named: name)
        } catch {
            if case .unknownField(_, _, .some) = error { throw error }
            return .records(listing(of: find(name + ":" + text)))
        }
        let cells = FieldText(kind: kind, utcOffset: environment.utcOffset)
        let indices = RecordSearch(records).indices(containing: text, field: field) { cells.cell($0, field: field) }
        return .records(listing(of: indices))
    }

    /// `list 4-10` on a list of 5 shows 4 and 5, as `sed -n 4,10p` would: a range that starts
    /// within the list ends at its end. A range that starts past the end is still an error.
    func clampingRanges(_ references: [RecordReference]) -> [RecordReference] {
        references.map { reference in
            guard case .range(let first, let last) = reference, first <= records.count, last > records.count else {
                return reference
            }
            return .range(first, records.count)
        }
    }
}
