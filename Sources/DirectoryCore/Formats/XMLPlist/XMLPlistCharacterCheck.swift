/// Finds text that XML 1.0 cannot hold, before an XML property list is written:
/// the control characters other than tab, line feed and carriage return, and the
/// non-characters U+FFFE and U+FFFF. (Lone surrogates cannot occur in a Swift
/// string.) Written raw they make the file unreadable to strict parsers such as
/// Python's `plistlib`, and XML has no escape for them, so the save is refused.
package enum XMLPlistCharacterCheck {
    /// Where the first such character is, as "'NAME' has U+0001 in office", or `nil`.
    package static func firstProblem(in records: some Sequence<Record>, kind: ListKind) -> String? {
        for record in records {
            for (index, value) in record.values.enumerated() {
                if case .text(let text) = value, let bad = firstInvalid(in: text) {
                    return describe(record, kind: kind, bad, "in " + kind.fields[index].name)
                }
            }
            for extra in record.extras {
                if let bad = firstInvalid(in: extra.key) ?? firstInvalid(in: extra.value) {
                    return describe(record, kind: kind, bad, "in the key " + VisibleText.of(extra.key))
                }
            }
        }
        return nil
    }

    private static func describe(_ record: Record, kind: ListKind, _ bad: Unicode.Scalar, _ place: String)
        -> String
    {
        let hex = String(bad.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let name = record.values[kind.titleField].text ?? ""
        let title = name.isEmpty ? "an unnamed \(kind.noun)" : "'" + VisibleText.of(name) + "'"
        return "\(title) has the character \(code) \(place), which an XML property list cannot hold; "
            + "remove it, or save as a .json or binary .plist file"
    }

    /// The first character of `value`'s strings and keys that XML cannot hold.
    private static func firstInvalid(in value: PropertyValue) -> Unicode.Scalar? {
        switch value {
        case .string(let text): return firstInvalid(in: text)
        case .array(let items):
            for item in items { if let bad = firstInvalid(in: item) { return bad } }
            return nil
        case .dictionary(let pairs):
            for pair in pairs {
                if let bad = firstInvalid(in: pair.key) ?? firstInvalid(in: pair.value) { return bad }
            }
            return nil
        default: return nil
        }
    }

    /// Whether `bytes` hold a control byte XML cannot hold, or EF BF BE / EF BF BF.
    private static func hasProblem(_ bytes: Span<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return true }
            if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] & 0xFE == 0xBE {
                return true
            }
            index += 1
        }
        return false
    }

    /// The first character of `text` that XML cannot hold, found on the UTF-8 bytes
    /// (a control byte, or EF BF BE / EF BF BF) and decoded only when there is one.
    static func firstInvalid(in text: String) -> Unicode.Scalar? {
        var text = text
        text.makeContiguousUTF8()
        guard hasProblem(text.utf8.span) else { return nil }
        return text.unicodeScalars.first { scalar in
            (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
                || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        }
    }
}
