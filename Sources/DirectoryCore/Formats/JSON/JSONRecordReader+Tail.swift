/// The records of a JSON list's second part, read on a thread of their own while the first
/// part is read (`JSONRecordStream` in DirectoryFiles), then joined after the first part's.
///
/// A tail starts at a record's `{` that the first part's reader found to follow its last
/// record and a `,`, and is read from the `firstRecord` step (`Stage`) to the end: each
/// record reads the same there as after the `,` on one thread. Its errors count records from
/// the tail's start: a reader that meets one reads the tail again on one thread, so the
/// error it reports is one thread's.
extension JSONRecordReader {
    /// A builder for the records of a list of `kind` (which its first record decided) that
    /// follow its first `recordsBefore`, with room for `sizeHint` bytes of file. Made on the
    /// thread that fills it: a builder handed over would be shared, and its first record
    /// would copy the room made for it.
    package static func tailBuilder(kind: ListKind, fallback: ListKind, recordsBefore: Int, sizeHint: Int)
        -> RecordBuilder
    {
        RecordBuilder(kind: kind, fallback: fallback, sizeHint: sizeHint, recordsBefore: recordsBefore)
    }

    /// Adds the records `tail` read after those of `builder`, as if `builder` had read them.
    /// Returns `false`, adding nothing, when the list might then differ from one builder's
    /// (`RecordBuilder.append(contentsOf:)`): the tail must then be read into `builder` itself.
    package static func join(_ tail: RecordBuilder, after builder: inout RecordBuilder) -> Bool {
        builder.append(contentsOf: tail)
    }
}

extension JSONRecordReader {
    /// Whether this machine has a second core a reader's second part could run on.
    package static var hasCoresForParts: Bool { RecordReadSplit.automatic.parts > 1 }
}
