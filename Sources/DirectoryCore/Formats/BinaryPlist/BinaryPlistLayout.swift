/// What a save needs to know of a binary property list that was read and proven to be, byte
/// for byte, what `BinaryPlistRecordWriter` writes for the list it holds
/// (`BinaryPlistLayoutProof`): a save that only appends records can then copy the old file's
/// objects and offsets instead of encoding them again (`BinaryPlistRecordWriter.appendedTail`).
///
/// A few numbers and the objects of the first record's keys and values: the file's bytes are
/// not kept, a save reads what it needs of them again.
package struct BinaryPlistLayout: Sendable, Equatable {
    /// The number of records (the top array's count), each a row of the table in order.
    package let recordCount: Int
    /// The number of objects.
    package let objectCount: Int
    /// The width of an object reference.
    package let referenceSize: Int
    /// The width of an offset table entry.
    package let offsetSize: Int
    /// Where the offset table starts (the end of the objects).
    package let offsetTableOffset: Int
    /// Where the top array's references start (after its marker and count).
    package let topReferences: Int
    /// The object of each known key, by key code (`id` first, then the kind's fields).
    package let keyObjects: [Int]
    /// The object of each field's value of the first record (the table notes none for it:
    /// it was read before the kind was known).
    package let firstValueObjects: [Int]

    /// Where the objects after the top array start.
    package var objectsStart: Int { topReferences + recordCount * referenceSize }
}

extension RecordCodec {
    /// Reads the records of the binary property list `bytes`, the whole file `source` names (its
    /// size and hash, asked once the records are read), as `decode` does; when the file is
    /// proven to be in the writer's layout, the list's table keeps that
    /// (`RecordTable.binaryLayout`) with `source`, for a save that appends to it
    /// (`appendedBinaryPlistObjects`).
    package static func decodeBinaryPlist(
        _ bytes: RawSpan, kind: ListKind?, fallback: ListKind, source: () -> RecordSource
    ) throws(FileFormatError) -> (kind: ListKind, records: RecordList) {
        var builder = RecordBuilder(kind: kind, fallback: fallback, sizeHint: bytes.byteCount)
        try BinaryPlistRecordReader.read(bytes, into: &builder)
        builder.setSource(source())
        return builder.finish()
    }

    /// The objects a save appends after those of the binary property list `records` were read
    /// from, in the writer's layout `layout` (`BinaryPlistRecordWriter.appendedObjects`).
    package static func appendedBinaryPlistObjects(
        _ records: RecordList, kind: ListKind, layout: BinaryPlistLayout, at offset: Int
    ) -> BinaryPlistAppendedObjects? {
        BinaryPlistRecordWriter.appendedObjects(records, kind: kind, layout: layout, at: offset)
    }
}
