/// A value as the property-list and JSON formats can hold it.
///
/// Records keep the keys they do not know (fields written by a newer app) as
/// `PropertyValue`s, so that a save writes them back unchanged.
public indirect enum PropertyValue: Equatable, Sendable {
    /// A text string.
    case string(String)
    /// A whole number (plist `<integer>`, or a JSON number without fraction or exponent).
    case integer(Int64)
    /// A floating-point number (an 8-byte plist `<real>`, or an XML `<real>`).
    case real(Double)
    /// A 4-byte real, as a binary property list holds a Swift `Float`: kept 4 bytes wide.
    case float(Float)
    /// A number kept as the text it was read as: a JSON number other than a whole number
    /// that fits `Int64` (`1e-07`, `-0`, `3.14159265358979323846`, `18446744073709551616`),
    /// or a plist integer above `Int64.max` (`18446744073709551615`). JSON gets the text back
    /// as written; a property list gets an unsigned 64-bit integer when the text is one,
    /// and otherwise the nearest `<real>` (see `plistNumber`).
    case numberText(String)
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
        case .real, .float, .numberText: return "a number"
        case .bool: return "a boolean"
        case .date: return "a date"
        case .data: return "data"
        case .null: return "null"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        }
    }
}

extension PropertyValue {
    /// What a property list can hold of `.numberText(text)`: an unsigned 64-bit integer
    /// for digits that fit one, otherwise the nearest `Double`.
    public enum PlistNumber: Equatable, Sendable {
        /// A whole number from 0 to `UInt64.max`.
        case unsigned(UInt64)
        /// Any other number.
        case real(Double)
    }

    /// The property-list form of the number text `text`.
    public static func plistNumber(_ text: String) -> PlistNumber {
        if let unsigned = UInt64(text) { return .unsigned(unsigned) }
        return .real(Double(text) ?? 0)
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
