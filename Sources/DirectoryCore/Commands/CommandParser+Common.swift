/// The two commands a bulk script repeats, `new NAME` and `set FIELD VALUE`, parsed
/// straight from UTF-8 bytes. Script lines are mostly these, and slicing them as
/// `Substring`s (which rounds every cut to a character boundary) costs more than
/// the rest of the line's work.
///
/// Anything unusual — another command, a missing value, a quote that needs the
/// general rules — returns `nil`, and `CommandParser.parse` takes over, so errors
/// are worded in one place.
extension CommandParser {
    /// `new …` or `set …` on `line`, or `nil` when the general parser must decide.
    static func parseCommon(_ line: String) -> Command? {
        parseCommon(utf8: line.utf8.span)
    }

    /// `new …` or `set …` in the bytes of a line, or `nil` when the general parser must
    /// decide; lets a script reader skip making a `String` of the line. The bytes must be
    /// valid UTF-8.
    public static func parseCommon(utf8 bytes: Span<UInt8>) -> Command? {
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
        case (0x6E, 0x65, 0x77):  // new
            guard argument < end else { return .new(name: nil) }
            return unquoted(bytes, argument, end).map { Command.new(name: $0) }
        case (0x73, 0x65, 0x74):  // set
            var fieldEnd = argument
            while fieldEnd < end, !isBlank(bytes[fieldEnd]) { fieldEnd += 1 }
            guard argument < fieldEnd, fieldEnd < end else { return nil }
            var value = fieldEnd
            while value < end, isBlank(bytes[value]) { value += 1 }
            guard let text = unquoted(bytes, value, end) else { return nil }
            return .set(field: string(bytes, argument, fieldEnd), value: text)
        default:
            return nil
        }
    }

    /// The value in `bytes[start..<end]` by `QuotedValue`'s rules, when they are simple:
    /// taken literally, or a `"…"` with no escapes inside; `nil` otherwise.
    private static func unquoted(_ bytes: Span<UInt8>, _ start: Int, _ end: Int) -> String? {
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
