/// Reads a list of records from a binary property list (`bplist00`), as
/// `PropertyListEncoder` and `PropertyListSerialization` write it.
///
/// The top object must be an array (a set is read as one) of dictionaries.
/// Every object is checked against the file before it is read, so truncated
/// or hostile files throw a `FileFormatError` instead of reading out of bounds.
///
/// Once the kind is known, each key object is matched against it once per file,
/// ids are parsed straight from their ASCII bytes, and a string value the file
/// shares between records is decoded once and its `String` shared. The object each
/// text value was read from is noted in the record table (`RecordTable.valueObjects`),
/// so that a save looks each distinct value up once.
enum BinaryPlistRecordReader {
    /// Reads the records in `bytes` into `builder`.
    static func read(_ bytes: RawSpan, into builder: inout RecordBuilder) throws(FileFormatError) {
        let table = try BinaryPlistObjectTable(Span(_bytes: bytes))
        var parser = BinaryPlistValueParser(table: table)
        let top = try table.object(table.trailer.topObject)
        guard top.kind == .array || top.kind == .set else {
            throw FileFormatError(
                "the top level is \(top.kind.description), expected an array of records", offset: top.position)
        }
        var keys = BinaryPlistKeyCache()
        var strings = BinaryPlistStringCache()
        var asciiTexts = BinaryPlistASCIICache()
        try parser.enter(top)
        // A record written by an app takes 50 bytes or more (its id alone 39); the bound
        // keeps a file whose records share one dictionary from reserving too much up front.
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
                let keyIndex = table.reference(in: record, slot: pair)
                let valueIndex = table.reference(in: record, slot: record.count + pair)
                let known = try keys.known(keyIndex, in: record, parser: &parser, builder: &builder)
                switch known {
                case .id?:
                    if let id = try recordID(valueIndex, parser: &parser) {
                        try builder.add(id: id)
                        continue
                    }
                case .field(let index)?:
                    try addField(
                        index, valueIndex, in: record, to: &builder, parser: &parser, strings: &strings,
                        asciiTexts: &asciiTexts)
                    continue
                case nil:
                    break
                }
                let key = try parser.key(keyIndex, in: record)
                try builder.add(key: key, value: try parser.value(valueIndex))
            }
            try builder.endRecord(texts: parser.table.bytes)
            parser.leave()
        }
        parser.leave()
        if keys.keysRepeat { builder.plistObjectSharing = .unshared }
    }

    /// The id that object `index` holds when it is a 36-character ASCII string in the
    /// hyphenated form, or `nil` (nothing read) for the general path to explain.
    private static func recordID(_ index: Int, parser: inout BinaryPlistValueParser) throws(FileFormatError)
        -> RecordID?
    {
        let object = try parser.table.object(index)
        guard object.kind == .asciiString, object.count == 36 else { return nil }
        let text = parser.table.bytes.extracting(object.payload..<(object.payload + 36))
        guard let id = RecordID(utf8: text.rawBytes) else { return nil }
        try parser.spend(at: object.position)
        return id
    }

    /// Adds object `index` of `record` as the value of kind field `field`; a string
    /// is taken from `strings`, or ASCII text's place from `asciiTexts`, when this object
    /// was read before.
    @inline(__always)
    private static func addField(
        _ field: Int, _ index: Int, in record: BinaryPlistObject, to builder: inout RecordBuilder,
        parser: inout BinaryPlistValueParser, strings: inout BinaryPlistStringCache,
        asciiTexts: inout BinaryPlistASCIICache
    ) throws(FileFormatError) {
        let isText = builder.isText(field: field)
        if isText, let text = asciiTexts.text(index) {
            try parser.spend(at: text.position)
            try builder.add(field: field, textAt: text.range)
            return builder.noteObject(index, field: field)
        }
        if let text = strings.string(index) {
            try parser.spend(at: record.position)
            try builder.add(field: field, text: text)
            if isText { builder.noteObject(index, field: field) }
            return
        }
        // ASCII text, what the apps write for most names and offices, goes from the file's
        // bytes to the record table without a string being made.
        let object = try parser.table.object(index)
        if object.kind == .asciiString, isText {
            let range = object.payload..<(object.payload + object.count)
            if UTF8Text.isASCII(parser.table.bytes.extracting(range).rawBytes) {
                asciiTexts.remember(index, position: object.position, range: range)
                try parser.spend(at: object.position)
                try builder.add(field: field, textAt: range)
                return builder.noteObject(index, field: field)
            }
        }
        let value = try parser.value(index)
        guard case .string(let text) = value else { return try builder.add(field: field, value: value) }
        strings.remember(text, for: index)
        try builder.add(field: field, text: text)
        if isText { builder.noteObject(index, field: field) }
    }
}
