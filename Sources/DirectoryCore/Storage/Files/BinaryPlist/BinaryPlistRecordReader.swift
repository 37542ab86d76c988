/// Reads a list of records from a binary property list (`bplist00`), as
/// `PropertyListEncoder` and `PropertyListSerialization` write it.
///
/// The top object must be an array (a set is read as one) of dictionaries.
/// Every object is checked against the file before it is read, so truncated
/// or hostile files throw a `FileFormatError` instead of reading out of bounds.
enum BinaryPlistRecordReader {
    /// Reads the records in `bytes` into `builder`.
    static func read(_ bytes: UnsafeRawBufferPointer, into builder: inout RecordBuilder) throws(FileFormatError) {
        let table = try BinaryPlistObjectTable(bytes)
        var parser = BinaryPlistValueParser(table: table)
        let top = try table.object(table.trailer.topObject)
        guard top.kind == .array || top.kind == .set else {
            throw FileFormatError(
                "the top level is \(top.kind.description), expected an array of records", offset: top.position)
        }
        try parser.enter(top)
        for slot in 0..<top.count {
            let record = try table.object(table.reference(in: top, slot: slot))
            try parser.spend(at: record.position)
            guard record.kind == .dictionary else {
                throw FileFormatError(
                    "record \(slot + 1) is \(record.kind.description), expected a dictionary", offset: record.position)
            }
            try parser.enter(record)
            builder.beginRecord()
            for pair in 0..<record.count {
                let key = try parser.key(table.reference(in: record, slot: pair), in: record)
                let value = try parser.value(table.reference(in: record, slot: record.count + pair))
                try builder.add(key: key, value: value)
            }
            try builder.endRecord()
            parser.leave()
        }
        parser.leave()
    }
}
