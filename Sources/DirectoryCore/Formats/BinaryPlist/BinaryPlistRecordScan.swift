/// One reading of a run of the records of a binary property list's top array: the value
/// parser with its budget and nesting, and the caches that let a record find its keys
/// and the strings the file shares without decoding them again.
///
/// `BinaryPlistRecordReader` reads a file with one scan, or, for a large file, with one
/// scan per part of the top array, each on its own thread. What a record reads as depends
/// only on the record and the kind, never on what the caches hold (a cached object is one
/// that was found and checked before), so a scan that starts at any record reads it as a
/// scan from the first would.
struct BinaryPlistRecordScan: ~Escapable {
    /// The objects and the budget of values read.
    /// Not private: the writer's records are read in `BinaryPlistRecordScan+Writers.swift`.
    var parser: BinaryPlistValueParser
    /// The top array or set.
    let top: BinaryPlistObject
    private var keys = BinaryPlistKeyCache()
    var strings = BinaryPlistStringCache()
    var textCache: BinaryPlistTextCache
    /// The most values the parser may count (`BinaryPlistValueParser.budget` as it started).
    let startingBudget: Int
    /// The record being read while none of its values has needed the parser: it is marked
    /// as being read (`BinaryPlistValueParser.enter`, which cannot fail for a record of the
    /// top array) only before the parser reads one of its values, which might hold it.
    private var unentered: BinaryPlistObject?
    /// The proof that the records read are in the writer's layout (`BinaryPlistLayoutProof`),
    /// once the first record's proof held; it checks nothing before.
    var proof = BinaryPlistLayoutProof.none
    /// Whether the writer's records are read on their own path (`readWritersRecords`); tests
    /// turn it off to compare it with the general reading.
    var readsWritersRecords = true

    /// A scan of the records of `top`, the file's top array or set.
    @_lifetime(copy table)
    init(table: BinaryPlistObjectTable, top: BinaryPlistObject) throws(FileFormatError) {
        parser = BinaryPlistValueParser(table: table)
        textCache = BinaryPlistTextCache(objectCount: table.trailer.objectCount, fileSize: table.bytes.count)
        startingBudget = parser.budget
        self.top = top
        try parser.enter(top)
    }

    /// How many values this scan has counted against the parser's budget.
    var spent: Int { startingBudget - parser.budget }

    /// The object of the first `id` key this scan met, or -1.
    var firstIDKey: Int { keys.firstIDKey }

    /// Whether two records of this scan had different `id` key objects.
    var keysRepeat: Bool { keys.keysRepeat }

    /// Reads the records in `slots` of the top array into `builder`: those the writer wrote as
    /// it writes them on its own path (`readWritersRecords`), any other one by one.
    mutating func read(_ slots: Range<Int>, into builder: inout RecordBuilder) throws(FileFormatError) {
        var slot = slots.lowerBound
        while slot < slots.upperBound {
            slot = try readWritersRecords(slot..<slots.upperBound, into: &builder)
            guard slot < slots.upperBound else { return }
            try read(slot, into: &builder)
            slot &+= 1
        }
    }

    /// Reads the record in `slot` of the top array into `builder`, checking everything.
    private mutating func read(_ slot: Int, into builder: inout RecordBuilder) throws(FileFormatError) {
        let table = parser.table
        let record = try table.object(table.reference(in: top, slot: slot))
        try parser.spend(at: record.position)
        guard record.kind == .dictionary else {
            throw FileFormatError(
                "record \(slot + 1) is \(record.kind.description), expected a dictionary", offset: record.position)
        }
        proof.record(record)
        unentered = record
        builder.beginRecord()
        for pair in 0..<record.count {
            let keyIndex = table.reference(in: record, slot: pair)
            let valueIndex = table.reference(in: record, slot: record.count + pair)
            let known = try keys.known(keyIndex, in: record, parser: &parser, builder: &builder)
            switch known {
            case .id?:
                proof.key(keyIndex, code: 0)
                if let id = try recordID(valueIndex) {
                    try builder.add(id: id)
                    continue
                }
            case .field(let index)?:
                proof.key(keyIndex, code: index &+ 1)
                try addField(index, valueIndex, in: record, to: &builder)
                continue
            case nil:
                break
            }
            proof.fail()
            let key = try parser.key(keyIndex, in: record)
            try builder.add(key: key, value: try value(valueIndex))
        }
        try builder.endRecord(texts: table.bytes)
        if unentered == nil { parser.leave() }
    }

    /// Reads object `index` and everything it holds, as a value of the record being read
    /// (marked as being read first, so that a value that holds it is a cycle).
    private mutating func value(_ index: Int) throws(FileFormatError) -> PropertyValue {
        if let record = unentered {
            unentered = nil
            try parser.enter(record)
        }
        return try parser.value(index)
    }

    /// The id that object `index` holds when it is a 36-character ASCII string in the
    /// hyphenated form, or `nil` (nothing read) for the general path to explain.
    private mutating func recordID(_ index: Int) throws(FileFormatError) -> RecordID? {
        let table = parser.table
        let position = try table.offset(of: index)
        let payload: Int
        // An id as the writers write it: marker 0x5F, then its length, 36, as a 1-byte
        // integer (0x10 0x24); what `object` would find there without decoding its marker.
        if position <= table.objectAreaEnd &- 39, table.bytes[position] == 0x5F, table.bytes[position &+ 1] == 0x10,
            table.bytes[position &+ 2] == 36
        {
            payload = position &+ 3
        } else {
            proof.fail()
            let object = try table.object(index)
            guard object.kind == .asciiString, object.count == 36 else { return nil }
            payload = object.payload
        }
        let text = table.bytes.extracting(payload..<(payload + 36))
        guard let id = RecordID(utf8: text.rawBytes) else { return nil }
        proof.id(index, position: position, text: text)
        try parser.spend(at: position)
        return id
    }

    /// Adds object `index` of `record` as the value of kind field `field`; a string
    /// is taken from `strings`, or ASCII text's place from `textCache`, when this object
    /// was read before.
    @inline(__always)
    private mutating func addField(
        _ field: Int, _ index: Int, in record: BinaryPlistObject, to builder: inout RecordBuilder
    ) throws(FileFormatError) {
        let isText = builder.isText(field: field)
        if isText, let text = textCache.text(index), let range = text.fileRange {
            try parser.spend(at: text.position)
            try builder.add(field: field, textAt: range)
            return builder.noteObject(index, field: field)
        }
        if let text = strings.string(index) {
            try parser.spend(at: record.position)
            try builder.add(field: field, text: text)
            guard isText else { return }
            builder.noteObject(index, field: field)
            // Back in the text cache, which an ASCII string sharing its slot had taken.
            if let range = strings.pooledRange(index) { textCache.remember(index, pooledAt: range) }
            return
        }
        // ASCII text, what the apps write for most names and offices, goes from the file's
        // bytes to the record table without a string being made.
        let object = try parser.table.object(index)
        if object.kind == .asciiString, isText {
            let range = object.payload..<(object.payload + object.count)
            if UTF8Text.isASCII(parser.table.bytes.extracting(range).rawBytes) {
                proof.asciiText(object)
                textCache.remember(index, position: object.position, range: range, of: parser.table.bytes)
                try parser.spend(at: object.position)
                try builder.add(field: field, textAt: range)
                return builder.noteObject(index, field: field)
            }
        }
        let value = try value(index)
        guard case .string(let text) = value else {
            proof.fail()
            return try builder.add(field: field, value: value)
        }
        proof.parsedText(index, text, table: parser.table)
        let range = isText ? textCache.pool(text) : nil
        strings.remember(text, for: index, pooledAt: range)
        if let range { textCache.remember(index, pooledAt: range) }
        try builder.add(field: field, text: text)
        if isText { builder.noteObject(index, field: field) }
    }
}
