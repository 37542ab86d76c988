/// The grammar of `new [NAME]` and `set FIELD VALUE`, the two commands a bulk script repeats,
/// written once on UTF-8 bytes: every line that starts with either word is parsed here, from a
/// script's bytes or from typed text alike. Slicing such lines as `Substring`s (which rounds every
/// cut to a character boundary) would cost more than the rest of the line's work.
///
/// A value takes `QuotedValue`'s rules: the simple cases (taken literally, or a `"…"` without
/// escapes) are cut out of the bytes here, and any other goes to `QuotedValue.parse`, which words
/// the errors.
extension CommandParser {
    /// The command on the line in `bytes` when its first word is `new` or `set`; `nil` for any
    /// other line. The bytes must be valid UTF-8.
    static func newOrSet(in bytes: Span<UInt8>) throws(ParseError) -> Command? {
        var start = 0
        var end = bytes.count
        while start < end, isBlank(bytes[start]) { start += 1 }
        while start < end, isBlank(bytes[end - 1]) || bytes[end - 1] == 0x0D || bytes[end - 1] == 0x0A {
            end -= 1
        }
        guard end - start >= 3 else { return nil }
        let nameEnd = start + 3
        guard nameEnd == end || isBlank(bytes[nameEnd]) else { return nil }
        var argument = nameEnd
        while argument < end, isBlank(bytes[argument]) { argument += 1 }
        switch (bytes[start], bytes[start + 1], bytes[start + 2]) {
        case (0x6E, 0x65, 0x77): return try newCommand(bytes, argument, end)  // new
        case (0x73, 0x65, 0x74): return try setCommand(bytes, argument, end)  // set
        default: return nil
        }
    }

    /// `new` with the argument in `bytes[start..<end]`, without surrounding blanks.
    @inline(__always)
    static func newCommand(_ bytes: Span<UInt8>, _ start: Int, _ end: Int) throws(ParseError) -> Command {
        .new(name: start < end ? try value(bytes, start, end) : nil)
    }

    /// `set` with the argument in `bytes[start..<end]`, without surrounding blanks: the field is
    /// its first word, the value the rest.
    @inline(__always)
    static func setCommand(_ bytes: Span<UInt8>, _ start: Int, _ end: Int) throws(ParseError) -> Command {
        guard start < end else {
            throw .missingArgument(command: "set", usage: setUsage, hint: "a field and a value")
        }
        var fieldEnd = start
        while fieldEnd < end, !isBlank(bytes[fieldEnd]) { fieldEnd += 1 }
        var valueStart = fieldEnd
        while valueStart < end, isBlank(bytes[valueStart]) { valueStart += 1 }
        let field = fieldName(bytes, start, fieldEnd)
        // A field no kind has is the session's to name (with its suggestion), value or not.
        if valueStart == end, ListKind.all.contains(where: { $0.fieldIndex(named: field) != nil }) {
            throw .missingArgument(
                command: "set", usage: setUsage, hint: "a value after '\(field)' (to clear it: set \(field) \"\")")
        }
        return .set(field: field, value: try value(bytes, valueStart, end))
    }

    /// The field name in `bytes[start..<end]`: the kind's own `String` when it is the name of
    /// a field (a script's `set` names one per line), else one made from the bytes.
    private static func fieldName(_ bytes: Span<UInt8>, _ start: Int, _ end: Int) -> String {
        let length = end - start
        for known in knownFieldNames where known.utf8.count == length {
            let utf8 = known.utf8.span
            var same = true
            for offset in 0..<length where utf8[offset] != bytes[start + offset] {
                same = false
                break
            }
            if same { return known.name }
        }
        return string(bytes, start, end)
    }

    /// Every kind's field names, with their UTF-8.
    private static let knownFieldNames: [(utf8: [UInt8], name: String)] = ListKind.all.flatMap { kind in
        kind.fields.map { (Array($0.name.utf8), $0.name) }
    }

    /// `set`'s usage line, for its errors.
    private static var setUsage: String {
        CommandTable.spec(named: "set")?.usage ?? "set FIELD VALUE"
    }

    /// The value in `bytes[start..<end]` by `QuotedValue`'s rules.
    private static func value(_ bytes: Span<UInt8>, _ start: Int, _ end: Int) throws(ParseError) -> String {
        if let text = simpleValue(bytes, start, end) { return text }
        return try QuotedValue.parse(Substring(string(bytes, start, end)))
    }

    /// The value in `bytes[start..<end]` when `QuotedValue`'s rules for it are simple: taken
    /// literally, or a `"…"` with no escapes inside; `nil` otherwise.
    private static func simpleValue(_ bytes: Span<UInt8>, _ start: Int, _ end: Int) -> String? {
        guard start < end else { return "" }
        switch bytes[start] {
        case 0x27:  // '
            return nil
        case 0x22:  // "
            // A combining mark after the quote would make it part of another character.
            guard end - start >= 2, start + 1 == end - 1 || bytes[start + 1] < 0x80 else { return nil }
            for index in start + 1..<end - 1 where bytes[index] == 0x22 || bytes[index] == 0x5C { return nil }
            guard bytes[end - 1] == 0x22 else { return nil }
            return string(bytes, start + 1, end - 1)
        default:
            return string(bytes, start, end)
        }
    }

    /// The text of `bytes[start..<end]`, which is valid UTF-8 cut at ASCII bytes.
    static func string(_ bytes: Span<UInt8>, _ start: Int, _ end: Int) -> String {
        String(utf8: bytes.extracting(start..<end))
    }

    /// A space or a tab.
    @inline(__always)
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }
}
