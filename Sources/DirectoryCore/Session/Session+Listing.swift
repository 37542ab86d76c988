/// `find FIELD:TEXT`: searching one field.
extension Session {
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
        let matcher = TextMatcher(text)
        let cells = FieldText(schema: schema, utcOffset: environment.utcOffset)
        let indices = records.indices.filter { index in
            switch records[index].values[field] {
            case .text(let value): return matcher.contains(value)
            case .date: return matcher.contains(cells.cell(records[index].values[field], field: field))
            }
        }
        return .records(listing(of: indices))
    }
}
