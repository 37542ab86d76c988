/// Where one object of a binary property list lies and what it is, as read
/// from its marker byte; its payload has been checked to lie inside the
/// object area.
struct BinaryPlistObject {
    /// The types of object a `bplist00` file can hold as values.
    enum Kind: Equatable {
        /// `0x00`.
        case null
        /// `0x08` (false) or `0x09` (true).
        case boolean
        /// `0x1n`: a big-endian integer of `1 << n` bytes.
        case integer
        /// `0x22` or `0x23`: a big-endian `Float` or `Double`.
        case real
        /// `0x33`: a big-endian `Double` of seconds since 2001.
        case date
        /// `0x4n`: raw bytes.
        case data
        /// `0x5n`: ASCII text, one byte per character.
        case asciiString
        /// `0x6n`: UTF-16 big-endian text.
        case utf16String
        /// `0xAn`: object references.
        case array
        /// `0xCn`: object references, read like an array.
        case set
        /// `0xDn`: key references followed by value references.
        case dictionary

        /// A short name for messages ("a string", "an array").
        var description: String {
            switch self {
            case .null: return "null"
            case .boolean: return "a boolean"
            case .integer: return "an integer"
            case .real: return "a number"
            case .date: return "a date"
            case .data: return "data"
            case .asciiString, .utf16String: return "a string"
            case .array: return "an array"
            case .set: return "a set"
            case .dictionary: return "a dictionary"
            }
        }

        /// Whether the object holds references to other objects.
        var isContainer: Bool { self == .array || self == .set || self == .dictionary }
    }

    /// The object's number (its index in the offset table).
    let index: Int
    /// What the object is.
    let kind: Kind
    /// The byte offset of the marker.
    let position: Int
    /// The marker byte.
    let marker: UInt8
    /// The byte offset of the payload, after the marker and any extended count.
    let payload: Int
    /// Payload bytes for numbers and dates; bytes, UTF-16 units or entries
    /// (key–value pairs for a dictionary) for the other kinds.
    let count: Int
}
