/// Which fields each record of a copy lacks in its file: read as the kind's default (empty),
/// a field the copy does not have would look like an edit that emptied it, and a merge would
/// wipe this side's value with it. The readers make a missing key the field's default, so the
/// copy is read a second time as a kind whose defaults no file holds, and a field with that
/// value is one the file lacks.
extension Session {
    /// The text a field the copy's file lacks reads as in the second read: no app writes it.
    static let lackedText = "\u{FFFF}\u{0}directory: no such key\u{0}\u{FFFF}"
    /// The date a field the copy's file lacks reads as in the second read.
    static let lackedDate = -1.0e300

    /// For each record of `list` (read from `path` by `copyStore`) that lacks a field of the
    /// kind in its file, those fields' indices; empty when every record has every field (the
    /// second read is made only when some record has a field at its default). A file that
    /// changed between the reads is not looked at: then nothing is known to be lacking, and
    /// `readCopy` finds the change.
    func lackingFields(of list: LoadedList, at path: String, in copyStore: ListStore) -> [RecordKey: [Int]] {
        let defaults = kind.defaultValues
        let records = list.records.array
        let anyDefault = records.contains { record in
            zip(record.values, defaults).contains { $0 == $1 }
        }
        let probe = Self.probing(kind)
        guard anyDefault, let read = try? copyStore.load(location: path, kind: probe, fallback: probe),
            let before = list.version, let after = read.version, after.sameContents(as: before),
            read.records.count == records.count
        else { return [:] }
        var lacking: [RecordKey: [Int]] = [:]
        for (record, probed) in zip(records, read.records.array) {
            guard probed.id == record.id else { return [:] }
            let fields = probed.values.indices.filter { field in
                probed.values[field] == .text(Self.lackedText) || probed.values[field] == .date(Self.lackedDate)
            }
            if !fields.isEmpty { lacking[record.key] = fields }
        }
        return lacking
    }

    /// `kind` with defaults no file holds (`lackedText`, `lackedDate`).
    static func probing(_ kind: ListKind) -> ListKind {
        let fields = kind.fields.map { field in
            let lacked: FieldValue =
                switch field.type {
                case .text: .text(lackedText)
                case .date: .date(lackedDate)
                }
            return Field(name: field.name, type: field.type, defaultValue: lacked, summary: field.summary)
        }
        return ListKind(
            name: kind.name, noun: kind.noun, pluralNoun: kind.pluralNoun, fields: fields,
            listColumns: kind.listColumns, emptyListMessage: kind.emptyListMessage, samples: kind.samples,
            defaultFileName: kind.defaultFileName)
    }
}
