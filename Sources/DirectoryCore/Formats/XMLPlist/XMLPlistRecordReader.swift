/// Reads the records of an XML property list: an `<array>` of `<dict>`s,
/// inside `<plist>` or (as Foundation also accepts) on its own, after an
/// optional XML declaration, `<!DOCTYPE>`, comments and processing instructions.
///
/// The reader works on the bytes directly and builds no document tree: each
/// record's keys go straight to the `RecordBuilder`, and the text of a field, when it
/// has no entities, as where it lies in the file (`add(field:textAt:)`), so that it is
/// copied to the record table without a `String` being made. Unknown keys keep their
/// values, nested arrays and dictionaries included, as `PropertyValue`s.
enum XMLPlistRecordReader {
    /// Reads every record in `bytes` into `builder`, those of a large file in two parts at
    /// once when `split` allows (`readInParts`): the same records, or the same error, as on
    /// one thread. Returns whether the records were read in two parts.
    @discardableResult
    static func read(
        _ bytes: RawSpan, into builder: inout RecordBuilder, split: Split = .automatic
    ) throws(FileFormatError) -> Bool {
        var inParts = false
        var scanner = XMLPlistScanner(Span(_bytes: bytes))
        try scanner.skipProlog()
        var root = try scanner.readTag(inside: nil)
        let wrapped = root.element == .plist
        if wrapped {
            guard root.kind == .open else {
                throw scanner.error("the property list is empty, expected an array of records", at: root.offset)
            }
            root = try scanner.readTag(inside: .plist)
            if root.kind == .close, root.element == .plist {
                throw scanner.error("the property list is empty, expected an array of records", at: root.offset)
            }
        }
        guard root.kind != .close else {
            throw scanner.error("unexpected \(root.description) before any value", at: root.offset)
        }
        guard root.element == .array else {
            throw scanner.error(
                "the top level is \(describe(root.element)), expected an array of records", at: root.offset)
        }
        if root.kind == .open { inParts = try readArray(from: &scanner, into: &builder, split: split) }
        if wrapped {
            let close = try scanner.readTag(inside: .plist)
            guard close.kind == .close, close.element == .plist else {
                throw scanner.error("expected </plist> but found \(close.description)", at: close.offset)
            }
        }
        try scanner.skipMisc()
        guard scanner.position == scanner.bytes.count else {
            throw scanner.error("unexpected content after the end of the property list", at: scanner.position)
        }
        return inParts
    }

    /// Reads the elements of the top-level array through `</array>` (`.arrayEnd`), or up to
    /// the first element that starts at or after `limit` once the kind is known (`.limit`,
    /// the scanner at its `<`); what carries from one record to the next is in `run`.
    static func readRecords(
        from scanner: inout XMLPlistScanner, into builder: inout RecordBuilder, run: inout XMLPlistRecordRun,
        before limit: Int
    ) throws(FileFormatError) -> XMLPlistRecordRun.Stop {
        while true {
            scanner.skipSpace()
            if scanner.position >= limit, builder.kind != nil { return .limit }
            let tag: XMLPlistTag
            if scanner.hasPrefix(.dict, at: scanner.position) {
                tag = XMLPlistTag(kind: .open, element: .dict, offset: scanner.position)
                scanner.position += 6
            } else {
                tag = try scanner.readTag(inside: .array)
            }
            if tag.kind == .close {
                guard tag.element == .array else {
                    throw scanner.error("expected </array> but found \(tag.description)", at: tag.offset)
                }
                return .arrayEnd
            }
            guard tag.element == .dict else {
                let found = tag.element == .key || tag.element == .plist ? tag.description : describe(tag.element)
                throw scanner.error(
                    "record \(builder.recordNumber) is \(found), expected a dictionary", at: tag.offset)
            }
            builder.beginRecord()
            if tag.kind == .open {
                if run.tags == nil, let kind = builder.kind {
                    run.tags = XMLPlistKeyTags(kind: kind)
                    run.guesses = Array(0..<(kind.fields.count + 1))
                }
                var entry = 0
                while true {
                    let start = scanner.position
                    if let tags = run.tags {
                        var index = start
                        while index < scanner.bytes.count, XMLPlistScanner.isSpace(scanner.bytes[index]) { index += 1 }
                        if scanner.hasPrefix(.dictEnd, at: index) {
                            scanner.position = index + 7
                            break
                        }
                        // The key of this place in the record before is tried first.
                        let guess = entry < run.guesses.count ? run.guesses[entry] : 0
                        if let (code, key, text, id) = scanner.readKnownEntry(tags, guess: guess) {
                            if entry < run.guesses.count { run.guesses[entry] = code }
                            entry += 1
                            if let id {
                                try located(at: start) { () throws(FileFormatError) in try builder.add(id: id) }
                                continue
                            }
                            let known = code == 0 ? RecordBuilder.KnownKey.id : .field(code - 1)
                            try add(
                                key, .text(text), known: known, at: start, from: scanner, to: &builder,
                                strings: &run.strings)
                            continue
                        }
                    }
                    if let (key, value) = scanner.readSimpleEntry() {
                        entry += 1
                        let known = builder.key(utf8: scanner.bytes.extracting(key))
                        try add(key, value, known: known, at: start, from: scanner, to: &builder, strings: &run.strings)
                        continue
                    }
                    guard let (key, _) = try XMLPlistValueReader.readKey(from: &scanner) else { break }
                    let valueTag = try XMLPlistValueReader.readValueTag(for: key, from: &scanner)
                    let value = try XMLPlistValueReader.read(valueTag, depth: 3, from: &scanner)
                    try add(key, value, at: valueTag.offset, to: &builder)
                }
            }
            do {
                try builder.endRecord(texts: scanner.bytes)
            } catch {
                throw FileFormatError(error.message, offset: error.offset ?? tag.offset)
            }
        }
    }

    /// Adds an entry read by `readKnownEntry` or `readSimpleEntry()` to the current record,
    /// its key `known` to the kind (or `nil`): ids are parsed from their bytes, and text goes
    /// to the record table without a string being made.
    @inline(__always)
    private static func add(
        _ key: Range<Int>, _ value: XMLPlistSimpleValue, known: RecordBuilder.KnownKey?, at offset: Int,
        from scanner: XMLPlistScanner, to builder: inout RecordBuilder, strings: inout StringInterner
    ) throws(FileFormatError) {
        let keyBytes = scanner.bytes.extracting(key)
        if known == .id, case .text(let text) = value,
            let id = RecordID(utf8: scanner.bytes.extracting(text).rawBytes)
        {
            return try located(at: offset) { () throws(FileFormatError) in try builder.add(id: id) }
        }
        let property: PropertyValue
        switch value {
        case .text(let range):
            if case .field(let index) = known {
                // Text of a text field goes from the file's bytes to the record table when
                // the record ends, without a string being made.
                guard builder.isText(field: index) else {
                    let text = String(utf8: scanner.bytes.extracting(range))
                    return try located(at: offset) { () throws(FileFormatError) in
                        try builder.add(field: index, text: text)
                    }
                }
                return try located(at: offset) { () throws(FileFormatError) in
                    try builder.add(field: index, textAt: range)
                }
            }
            property = .string(strings.string(scanner.bytes.extracting(range)))
        case .date(let seconds):
            property = .date(seconds)
            if case .field(let index) = known {
                return try located(at: offset) { () throws(FileFormatError) in
                    try builder.add(field: index, value: property)
                }
            }
        }
        try add(String(utf8: keyBytes), property, at: offset, to: &builder)
    }

    /// Adds a key to the current record; a builder error gets `offset` if it has none.
    @inline(__always)
    private static func add(
        _ key: String, _ value: PropertyValue, at offset: Int, to builder: inout RecordBuilder
    ) throws(FileFormatError) {
        try located(at: offset) { () throws(FileFormatError) in try builder.add(key: key, value: value) }
    }

    /// Runs `body`; an error it throws gets `offset` if it has none.
    @inline(__always)
    private static func located(at offset: Int, _ body: () throws(FileFormatError) -> Void) throws(FileFormatError) {
        do {
            try body()
        } catch {
            throw FileFormatError(error.message, offset: error.offset ?? offset)
        }
    }

    /// "a string", "a dictionary": the kind of value an element holds, for messages.
    private static func describe(_ element: XMLPlistElement) -> String {
        switch element {
        case .string: return PropertyValue.string("").typeDescription
        case .integer: return PropertyValue.integer(0).typeDescription
        case .real: return PropertyValue.real(0).typeDescription
        case .true, .false: return PropertyValue.bool(true).typeDescription
        case .date: return PropertyValue.date(0).typeDescription
        case .data: return PropertyValue.data([]).typeDescription
        case .array: return PropertyValue.array([]).typeDescription
        case .dict: return PropertyValue.dictionary([]).typeDescription
        case .key, .plist: return "<\(element.name)>"
        }
    }
}
