/// Writes people as vCard 4.0 (RFC 6350): UTF-8, CRLF line ends, lines folded
/// at 75 bytes. vCard 4.0 rather than 3.0 because 4.0 needs only `FN`, while
/// 3.0 also requires the structured name `N`, which would mean guessing which
/// part of a name is the family name.
enum VCardRecordWriter {
    /// The bytes of a vCard file with one card per record.
    static func write(_ records: RecordList, mapping: VCardMapping) -> [UInt8] {
        var output: [UInt8] = []
        for row in records.indices {
            let name = records.value(at: row, field: mapping.nameField).text ?? ""
            let office = records.value(at: row, field: mapping.officeField).text ?? ""
            VCardText.appendFolded("BEGIN:VCARD", to: &output)
            VCardText.appendFolded("VERSION:4.0", to: &output)
            VCardText.appendFolded("UID:urn:uuid:" + records.id(at: row).description, to: &output)
            VCardText.appendFolded("FN:" + VCardText.escaped(name), to: &output)
            if !office.isEmpty {
                VCardText.appendFolded("ADR;TYPE=work:;" + VCardText.escaped(office) + ";;;;;", to: &output)
            }
            VCardText.appendFolded("END:VCARD", to: &output)
        }
        return output
    }
}
