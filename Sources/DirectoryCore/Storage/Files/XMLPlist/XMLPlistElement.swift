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

    /// The element whose tag name is the bytes `range` of `bytes`, or `nil` for any other name.
    /// Names are case-sensitive, as in Foundation.
    static func named(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> XMLPlistElement? {
        @inline(__always) func matches(_ text: StaticString) -> Bool {
            guard text.utf8CodeUnitCount == range.count else { return false }
            let name = unsafe text.utf8Start
            for index in 0..<range.count where unsafe bytes[range.lowerBound + index] != name[index] {
                return false
            }
            return true
        }
        switch range.count {
        case 3: return matches("key") ? .key : nil
        case 4:
            if matches("dict") { return .dict }
            if matches("real") { return .real }
            if matches("true") { return .true }
            if matches("date") { return .date }
            if matches("data") { return .data }
            return nil
        case 5:
            if matches("plist") { return .plist }
            if matches("array") { return .array }
            if matches("false") { return .false }
            return nil
        case 6: return matches("string") ? .string : nil
        case 7: return matches("integer") ? .integer : nil
        default: return nil
        }
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
