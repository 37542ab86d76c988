/// A record's unknown keys as one JSON object, for stores that keep them in a
/// JSON column (PostgreSQL's `jsonb`).
///
/// JSON has no date or data type, so those are tagged and read back as such:
/// a date is `{"$date": SECONDS_SINCE_2001}`, data is `{"$data": "BASE64"}`.
public enum ExtrasJSON {
    /// The keys as a JSON object, in their order (`{}` when there are none).
    public static func encode(_ extras: [KeyedValue], to output: inout [UInt8]) {
        JSONValueWriter.append(tagged(.dictionary(extras)), to: &output)
    }

    /// The keys of the JSON object in `bytes`, with tagged dates and data restored.
    public static func decode(_ bytes: RawSpan) throws(FileFormatError) -> [KeyedValue] {
        var scanner = JSONScanner(Span(_bytes: bytes))
        let value = try scanner.parseValue(depth: 0)
        guard scanner.peekSignificant() == nil else { throw scanner.unexpected("the end of the unknown keys") }
        guard case .dictionary(let members) = value else {
            throw FileFormatError("the unknown keys are \(value.typeDescription), not a dictionary")
        }
        return members.map { KeyedValue($0.key, untagged($0.value)) }
    }

    /// `value` with every date and data replaced by its tagged dictionary.
    private static func tagged(_ value: PropertyValue) -> PropertyValue {
        switch value {
        case .date(let seconds): return .dictionary([KeyedValue("$date", .real(seconds))])
        case .data: return .dictionary([KeyedValue("$data", value)])
        case .array(let elements): return .array(elements.map(tagged))
        case .dictionary(let members): return .dictionary(members.map { KeyedValue($0.key, tagged($0.value)) })
        default: return value
        }
    }

    private static func untagged(_ value: PropertyValue) -> PropertyValue {
        switch value {
        case .dictionary(let members):
            if members.count == 1, members[0].key == "$date" {
                switch members[0].value {
                case .real(let seconds): return .date(seconds)
                case .integer(let seconds): return .date(Double(seconds))
                default: break
                }
            }
            if members.count == 1, members[0].key == "$data", case .string(let text) = members[0].value {
                var text = text
                text.makeContiguousUTF8()
                let bytes = XMLPlistBase64.decode(text.utf8.span)
                if let bytes { return .data(bytes) }
            }
            return .dictionary(members.map { KeyedValue($0.key, untagged($0.value)) })
        case .array(let elements):
            return .array(elements.map(untagged))
        default:
            return value
        }
    }
}
