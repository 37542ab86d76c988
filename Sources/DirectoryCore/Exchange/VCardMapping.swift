/// Which vCard properties hold which fields of a kind of record.
///
/// A person's name is the formatted name `FN`. vCard has no office property,
/// so the office is the extended-address part ("suite, room") of a work address,
/// `ADR;TYPE=work:;Briggs 413;;;;;`: address books show it as the person's work
/// address, and it stays a standard property rather than an `X-` extension that
/// most of them drop. The record's id is the card's `UID` (`urn:uuid:…`).
struct VCardMapping: Equatable {
    /// The field written as `FN`: the kind's title field.
    let nameField: Int
    /// The field written as the work address, `office`.
    let officeField: Int

    /// The mapping for `kind`, or `nil` when its records are not contacts
    /// (every field must be text and one must be called `office`).
    init?(kind: ListKind) {
        guard kind.fields.allSatisfy(\.isText), let office = kind.fieldIndex(named: "office") else {
            return nil
        }
        nameField = kind.titleField
        officeField = office
    }
}
