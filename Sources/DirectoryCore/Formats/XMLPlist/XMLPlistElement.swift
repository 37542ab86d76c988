/// The elements of Apple's XML property list format.
enum XMLPlistElement: Equatable {
    case plist, array, dict, key, string, integer, real, `true`, `false`, date, data

    /// The element's tag name.
    var name: String {
        switch self {
        case .plist: return "plist"
        case .array: return "array"
        case .dict: return "dict"
        case .key: return "key"
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .true: return "true"
        case .false: return "false"
        case .date: return "date"
        case .data: return "data"
        }
    }

    /// The element whose tag name is `name`, or `nil` for any other name.
    /// Names are case-sensitive, as in Foundation.
    static func named(_ name: Span<UInt8>) -> XMLPlistElement? {
        switch name.count {
        case 3: return matches(name, "key") ? .key : nil
        case 4:
            if matches(name, "dict") { return .dict }
            if matches(name, "real") { return .real }
            if matches(name, "true") { return .true }
            if matches(name, "date") { return .date }
            if matches(name, "data") { return .data }
            return nil
        case 5:
            if matches(name, "plist") { return .plist }
            if matches(name, "array") { return .array }
            if matches(name, "false") { return .false }
            return nil
        case 6: return matches(name, "string") ? .string : nil
        case 7: return matches(name, "integer") ? .integer : nil
        default: return nil
        }
    }

    /// Whether `name` holds the bytes of `text` (of the same length).
    @inline(__always)
    private static func matches(_ name: Span<UInt8>, _ text: String) -> Bool {
        var index = 0
        for byte in text.utf8 {
            guard name[index] == byte else { return false }
            index += 1
        }
        return true
    }
}

/// One tag of an XML property list, as `XMLPlistScanner` reads it.
struct XMLPlistTag {
    /// Whether the tag opens (`<a>`), closes (`</a>`) or is empty (`<a/>`).
    enum Kind: Equatable {
        case open, close, empty
    }

    /// Whether the tag opens, closes or is empty.
    var kind: Kind
    /// The element the tag names.
    var element: XMLPlistElement
    /// The byte offset of the tag's `<`.
    var offset: Int

    /// The tag as written, for messages: `<dict>`, `</dict>` or `<dict/>`.
    var description: String {
        switch kind {
        case .open: return "<\(element.name)>"
        case .close: return "</\(element.name)>"
        case .empty: return "<\(element.name)/>"
        }
    }
}
