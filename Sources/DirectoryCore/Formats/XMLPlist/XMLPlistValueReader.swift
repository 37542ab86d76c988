/// Reads any XML property list value into a `PropertyValue`: the values of a
/// record's keys, including nested arrays and dictionaries of unknown keys.
enum XMLPlistValueReader {
    /// The deepest nesting of arrays and dictionaries accepted, counting the
    /// top-level array as 1; deeper input is rejected rather than risking the stack.
    static let maximumDepth = 512

    /// Reads the value that `tag` starts, through its end tag. `depth` is the
    /// nesting level of the value itself.
    static func read(
        _ tag: XMLPlistTag, depth: Int, from scanner: inout XMLPlistScanner
    ) throws(FileFormatError) -> PropertyValue {
        guard tag.kind != .close else {
            throw scanner.error("expected a value but found \(tag.description)", at: tag.offset)
        }
        let empty = tag.kind == .empty
        switch tag.element {
        case .string:
            return .string(empty ? "" : try scanner.readText(of: tag))
        case .array:
            return try readArray(tag, depth: depth, from: &scanner)
        case .dict:
            return try readDictionary(tag, depth: depth, from: &scanner)
        case .true, .false:
            if !empty {
                let close = try scanner.readTag(inside: tag.element)
                guard close.kind == .close, close.element == tag.element else {
                    throw scanner.error(
                        "\(tag.description) must be empty, found \(close.description)", at: close.offset)
                }
            }
            return .bool(tag.element == .true)
        case .integer, .real, .date, .data:
            let range = empty ? scanner.position..<scanner.position : try scanner.readContent(of: tag)
            return try scalar(tag, scanner.bytes.extracting(range), offset: range.lowerBound)
        case .key, .plist:
            throw scanner.error("unexpected \(tag.description) where a value was expected", at: tag.offset)
        }
    }

    /// Converts the text of an `<integer>`, `<real>`, `<date>` or `<data>`.
    private static func scalar(
        _ tag: XMLPlistTag, _ text: Span<UInt8>, offset: Int
    ) throws(FileFormatError) -> PropertyValue {
        switch tag.element {
        case .integer:
            return try XMLPlistNumber.parseInteger(text, offset: offset)
        case .real:
            // Checked, then kept as written: writers differ (`0.1`, `0.10000000000000001`).
            _ = try XMLPlistNumber.parseReal(text, offset: offset)
            return .numberText(String(utf8: text))
        case .date:
            guard let seconds = XMLPlistDate.parse(text) else {
                let shown = String(utf8: text.extracting(first: 40))
                throw FileFormatError(
                    "malformed <date> '\(shown)', expected a date like 2001-01-01T00:00:00Z", offset: offset)
            }
            return .date(seconds)
        default:
            guard let bytes = XMLPlistBase64.decode(text) else {
                throw FileFormatError("malformed base64 in <data>", offset: offset)
            }
            return .data(bytes)
        }
    }

    /// Reads the elements of an `<array>` through `</array>`.
    private static func readArray(
        _ tag: XMLPlistTag, depth: Int, from scanner: inout XMLPlistScanner
    ) throws(FileFormatError) -> PropertyValue {
        guard depth <= maximumDepth else {
            throw scanner.error("arrays and dictionaries are nested more than \(maximumDepth) deep", at: tag.offset)
        }
        var elements: [PropertyValue] = []
        guard tag.kind == .open else { return .array(elements) }
        while true {
            let next = try scanner.readTag(inside: .array)
            if next.kind == .close {
                guard next.element == .array else {
                    throw scanner.error("expected </array> but found \(next.description)", at: next.offset)
                }
                return .array(elements)
            }
            elements.append(try read(next, depth: depth + 1, from: &scanner))
        }
    }

    /// Reads the key–value pairs of a `<dict>` through `</dict>`, in file order.
    private static func readDictionary(
        _ tag: XMLPlistTag, depth: Int, from scanner: inout XMLPlistScanner
    ) throws(FileFormatError) -> PropertyValue {
        guard depth <= maximumDepth else {
            throw scanner.error("arrays and dictionaries are nested more than \(maximumDepth) deep", at: tag.offset)
        }
        var pairs: [KeyedValue] = []
        var seen: Set<String> = []
        guard tag.kind == .open else { return .dictionary(pairs) }
        while let (key, keyTag) = try readKey(from: &scanner) {
            if pairs.count < 16 {
                if pairs.contains(where: { $0.key == key }) { throw duplicate(key, keyTag, scanner) }
            } else {
                if seen.isEmpty { seen = Set(pairs.map(\.key)) }
                guard seen.insert(key).inserted else { throw duplicate(key, keyTag, scanner) }
            }
            let valueTag = try readValueTag(for: key, from: &scanner)
            pairs.append(KeyedValue(key, try read(valueTag, depth: depth + 1, from: &scanner)))
        }
        return .dictionary(pairs)
    }

    /// Reads the next `<key>` of a dictionary, or returns `nil` at its `</dict>`.
    static func readKey(
        from scanner: inout XMLPlistScanner
    ) throws(FileFormatError) -> (String, XMLPlistTag)? {
        scanner.skipSpace()
        if scanner.hasPrefix(.dictEnd, at: scanner.position) {
            scanner.position += 7
            return nil
        }
        let tag = try scanner.readTag(inside: .dict)
        switch (tag.kind, tag.element) {
        case (.close, .dict): return nil
        case (.open, .key): return (try scanner.readText(of: tag), tag)
        case (.empty, .key): return ("", tag)
        case (.close, _):
            throw scanner.error("expected </dict> but found \(tag.description)", at: tag.offset)
        default:
            throw scanner.error("expected <key> or </dict> but found \(tag.description)", at: tag.offset)
        }
    }

    /// Reads the tag that starts the value of `key`.
    static func readValueTag(for key: String, from scanner: inout XMLPlistScanner) throws(FileFormatError)
        -> XMLPlistTag
    {
        let tag = try scanner.readTag(inside: .dict)
        guard tag.kind != .close, tag.element != .key else {
            throw scanner.error("the key '\(key)' has no value: found \(tag.description)", at: tag.offset)
        }
        return tag
    }

    /// The error for a key that occurs twice in one dictionary.
    private static func duplicate(_ key: String, _ tag: XMLPlistTag, _ scanner: XMLPlistScanner) -> FileFormatError {
        scanner.error("a dictionary has the key '\(key)' twice", at: tag.offset)
    }
}
