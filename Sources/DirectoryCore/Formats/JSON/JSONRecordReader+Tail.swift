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

/// Where a JSON list may be split into a first part and a tail, each read on its own thread:
/// the load's (`JSONRecordStream` in DirectoryFiles) and a one-shot `find`'s (`JSONFindScan`).
/// Text can hold `},{`, so a `{` found here is only a guess: the split is kept only when the
/// first part's steps end exactly there (`isJoint`).
extension JSONRecordReader {
    /// The index of the first `{` in `bytes` that follows a `}` and a `,` with only white space
    /// between: where a record may start.
    package static func recordStart(in bytes: Span<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "{") {
                var before = index - 1
                while before >= 0, isSpace(bytes[before]) { before -= 1 }
                if before >= 0, bytes[before] == UInt8(ascii: ",") {
                    before -= 1
                    while before >= 0, isSpace(bytes[before]) { before -= 1 }
                    if before >= 0, bytes[before] == UInt8(ascii: "}") { return index }
                }
            }
            index += 1
        }
        return nil
    }

    /// Whether `bytes[start..<end]` is white space, one `,` and white space: what lies between
    /// a record and the next.
    package static func isJoint(_ bytes: Span<UInt8>, from start: Int, to end: Int) -> Bool {
        guard start <= end, end <= bytes.count else { return false }
        var index = start
        while index < end, isSpace(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: ",") else { return false }
        index += 1
        while index < end, isSpace(bytes[index]) { index += 1 }
        return index == end
    }

    /// Whether `byte` is JSON white space.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
