/// A value as the property-list and JSON formats can hold it.
///
/// Records keep the keys they do not know (fields written by a newer app) as
/// `PropertyValue`s, so that a save writes them back unchanged.
public indirect enum PropertyValue: Equatable, Sendable {
    /// A text string.
    case string(String)
    /// A whole number (plist `<integer>`, or a JSON number without fraction or exponent).
    case integer(Int64)
    /// A floating-point number (plist `<real>`, or any other JSON number).
    case real(Double)
    /// A JSON whole number too large for `Int64` (`18446744073709551616`), as its text:
    /// JSON gets it back as written; a property list, which has no such integer, the nearest `<real>`.
    case integerText(String)
    /// A boolean.
    case bool(Bool)
    /// A date, as seconds since 2001-01-01T00:00:00Z (plist `<date>`).
    case date(Double)
    /// Raw bytes (plist `<data>`).
    case data([UInt8])
    /// JSON `null` (property lists have no null).
    case null
    /// An ordered list.
    case array([PropertyValue])
    /// A dictionary, in the order its keys were read.
    case dictionary([KeyedValue])

    /// A short name of the value's type, for error messages ("a string", "an array").
    public var typeDescription: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .real, .integerText: return "a number"
        case .bool: return "a boolean"
        case .date: return "a date"
        case .data: return "data"
        case .null: return "null"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        }
    }
}

/// One key and its value inside a dictionary, keeping the order of the file.
public struct KeyedValue: Equatable, Sendable {
    /// The dictionary key.
    public var key: String
    /// The value stored under `key`.
    public var value: PropertyValue

    /// Creates a key–value pair.
    public init(_ key: String, _ value: PropertyValue) {
        self.key = key
        self.value = value
    }
}
