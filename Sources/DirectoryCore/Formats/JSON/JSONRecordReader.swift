/// Reads a JSON list file — an array of objects, as `JSONEncoder` writes an
/// array of `Codable` structs — into a `RecordBuilder`.
///
/// The reader is strict like `JSONDecoder`: one value, optionally preceded by
/// a UTF-8 byte order mark and surrounded by white space, and nothing after it.
package enum JSONRecordReader {
    /// Reads every record of the JSON document in `bytes` into `builder`.
    static func read(_ bytes: Span<UInt8>, into builder: inout RecordBuilder) throws(FileFormatError) {
        var scanner = JSONScanner(bytes)
        var guesses = JSONKeyGuesses()
        try readOpening(&scanner)
        if !scanner.consume(UInt8(ascii: "]")) {
            repeat {
                try readRecord(&scanner, into: &builder, guesses: &guesses)
            } while try continueRecords(&scanner, after: builder.recordNumber - 1)
        }
        try readClosing(&scanner)
    }

    /// Reads the white space and `[` that open the array of records.
    static func readOpening(_ scanner: inout JSONScanner) throws(FileFormatError) {
        guard let first = scanner.peekSignificant() else {
            throw FileFormatError("the file is empty; expected a JSON array of records")
        }
        guard first == UInt8(ascii: "[") else {
            if let kind = JSONScanner.kindOfValue(startingWith: first) {
                throw scanner.error("the top level is \(kind), expected an array of records")
            }
            throw scanner.error("the file is not JSON: it starts with \(scanner.describeByte(at: scanner.position))")
        }
        scanner.position += 1
    }

    /// Checks that nothing but white space follows the array of records.
    static func readClosing(_ scanner: inout JSONScanner) throws(FileFormatError) {
        if scanner.peekSignificant() != nil {
            throw scanner.error(
                "unexpected \(scanner.describeByte(at: scanner.position)) after the end of the array of records")
        }
    }

    /// Reads one element of the top-level array, which must be an object. Inlined into the
    /// loop of `readSteps`, as it was before that loop moved out of the file store.
    @inline(__always)
    static func readRecord(
        _ scanner: inout JSONScanner, into builder: inout RecordBuilder, guesses: inout JSONKeyGuesses
    ) throws(FileFormatError) {
        guard let byte = scanner.peekSignificant() else {
            throw scanner.unexpected("record \(builder.recordNumber)")
        }
        guard byte == UInt8(ascii: "{") else {
            guard let kind = JSONScanner.kindOfValue(startingWith: byte) else {
                throw scanner.unexpected("record \(builder.recordNumber)")
            }
            throw scanner.error("record \(builder.recordNumber) is \(kind), expected a dictionary")
        }
        let recordStart = scanner.position
        scanner.position += 1
        builder.beginRecord()
        if !scanner.consume(UInt8(ascii: "}")) {
            var previous = KindKeys.opening
            repeat {
                _ = scanner.peekSignificant()
                let keyStart = scanner.position
                do {
                    let guess = Int(guesses.next[previous])
                    if guesses.keys.isToken(guess, at: keyStart, in: scanner.bytes) {
                        scanner.position += guesses.keys.tokenLength(guess)
                        try readValue(of: KindKeys.key(ofSlot: guess), &scanner, into: &builder)
                        previous = guess
                    } else {
                        let slot = try readMember(&scanner, into: &builder)
                        if slot != KindKeys.opening {
                            if guesses.knowsKind { guesses.next[previous] = UInt8(truncatingIfNeeded: slot) }
                            previous = slot
                        }
                    }
                } catch {
                    throw located(error, at: keyStart, in: scanner.bytes, record: false)
                }
            } while try scanner.continueObject()
        }
        do {
            try builder.endRecord(texts: scanner.bytes, span: recordStart..<scanner.position)
        } catch {
            throw located(error, at: recordStart, in: scanner.bytes, record: true)
        }
        if !guesses.knowsKind, let kind = builder.kind {
            guesses.keys = KindKeys(kind)
            guesses.knowsKind = true
        }
    }

    /// Reads one key and its value into the record being built: keys the kind knows
    /// are matched on their bytes, and ids parsed from theirs, without making strings.
    /// Returns the key's slot (`KindKeys.slot(of:)`), or `KindKeys.opening` for a key the
    /// kind does not know.
    private static func readMember(
        _ scanner: inout JSONScanner, into builder: inout RecordBuilder
    ) throws(FileFormatError) -> Int {
        guard let keyRange = scanner.parseASCIIKey() else {
            let key = try scanner.parseKey()
            try builder.add(key: key, value: try scanner.parseMemberValue(keepingNumberText: true))
            return KindKeys.opening
        }
        let known = builder.key(utf8: scanner.bytes.extracting(keyRange))
        switch known {
        case .id, .field:
            try readValue(of: known, &scanner, into: &builder)
        case nil:
            // An unknown key's numbers keep their text, so they are written back as read.
            let key = String(utf8: scanner.bytes.extracting(keyRange))
            try builder.add(key: key, value: try scanner.parseMemberValue(keepingNumberText: true))
        }
        return known.map(KindKeys.slot(of:)) ?? KindKeys.opening
    }

    /// Reads the value of the known key `known` (after its `:`) into the record being built.
    @inline(__always)
    private static func readValue(
        of known: RecordBuilder.KnownKey?, _ scanner: inout JSONScanner, into builder: inout RecordBuilder
    ) throws(FileFormatError) {
        switch known {
        case .id:
            if let id = scanner.parseRecordID() {
                try builder.add(id: id)
                if scanner.isUpperCaseID(before: scanner.position) { builder.noteIDAsWritten() }
            } else {
                try builder.add(key: "id", value: try scanner.parseMemberValue())
            }
        case .field(let index):
            // Text without escapes, nearly all of it, goes to the builder as where it is in the
            // file's bytes, which the record ends with.
            if builder.isText(field: index), scanner.peekSignificant() == UInt8(ascii: "\""),
                let text = try scanner.parseUnescapedString()
            {
                try builder.add(field: index, textAt: text)
            } else {
                try builder.add(field: index, value: try scanner.parseMemberValue())
            }
        case nil:
            break
        }
    }

    /// After record `number`: `true` for `,` (another record follows), `false` for `]`.
    static func continueRecords(_ scanner: inout JSONScanner, after number: Int) throws(FileFormatError) -> Bool {
        switch scanner.peekSignificant() {
        case UInt8(ascii: ","):
            scanner.position += 1
            if scanner.peekSignificant() == UInt8(ascii: "]") {
                throw scanner.error("trailing comma after record \(number)")
            }
            return true
        case UInt8(ascii: "]"):
            scanner.position += 1
            return false
        default:
            throw scanner.unexpected("',' or ']' after record \(number)")
        }
    }

    /// `error` with `offset` filled in when the builder gave none: where the value of the key
    /// it names starts (`'name' is an integer` points at the integer), else `start`, the key's
    /// start or (`record`) the record's `{`.
    private static func located(_ error: FileFormatError, at start: Int, in bytes: Span<UInt8>, record: Bool)
        -> FileFormatError
    {
        var error = error
        if error.offset == nil {
            error.offset = valueStart(of: error.key, from: start, in: bytes, record: record) ?? start
        }
        return error
    }

    /// Where the value of `key` starts in the record whose `{` (`record`) or one of whose keys
    /// is at `start`: its members read again, which only a record that failed pays for; `nil`
    /// when there is no key or the member cannot be found.
    private static func valueStart(of key: String?, from start: Int, in bytes: Span<UInt8>, record: Bool) -> Int? {
        guard let key else { return nil }
        var scanner = JSONScanner(bytes, at: record ? start + 1 : start)
        do throws(FileFormatError) {
            if scanner.consume(UInt8(ascii: "}")) { return nil }
            repeat {
                let name = try scanner.parseKey()
                _ = scanner.peekSignificant()
                if name == key { return scanner.position }
                _ = try scanner.parseMemberValue()
            } while try scanner.continueObject()
        } catch {
            return nil
        }
        return nil
    }
}
