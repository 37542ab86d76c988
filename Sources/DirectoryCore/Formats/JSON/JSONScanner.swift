/// A cursor over the bytes of a JSON document (RFC 8259, UTF-8): white space,
/// single punctuation bytes, literals, and the errors found on the way.
///
/// Strings, numbers and nested values are parsed by extensions in
/// `JSONStringParser.swift`, `JSONNumberParser.swift` and `JSONValueParser.swift`.
/// Every read checks `position` against the end first, so hostile input can only
/// ever produce a `FileFormatError`.
///
/// It holds a span of bytes it does not own, so it is `~Escapable`: made inside a borrow
/// of those bytes (`array.span`, `window.withBytes`) and never kept past it.
struct JSONScanner: ~Escapable {
    /// The deepest nesting of arrays and objects accepted, counting the top-level array.
    static let maximumDepth = 512

    /// The document, as bytes.
    let bytes: Span<UInt8>
    /// The offset of the next byte to read.
    var position: Int
    /// Reused storage for the decoded bytes of strings that contain escapes.
    var scratch: [UInt8] = []

    /// Starts at the beginning of `bytes`, after a UTF-8 byte order mark if there is one.
    @_lifetime(copy bytes)
    init(_ bytes: Span<UInt8>) {
        self.bytes = bytes
        position = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
        }
    }

    /// Starts at `position` in `bytes`, which hold part of a document (`JSONRecordStream`).
    @_lifetime(copy bytes)
    init(_ bytes: Span<UInt8>, at position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// Skips white space and returns the next byte without consuming it, or `nil` at the end.
    @inline(__always)
    mutating func peekSignificant() -> UInt8? {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return byte }
            position += 1
        }
        return nil
    }

    /// Skips white space, then consumes `byte` if it comes next.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peekSignificant() == byte else { return false }
        position += 1
        return true
    }

    /// Consumes the literal `true`, `false` or `null` that starts at `position`.
    mutating func parseLiteral(_ word: String) throws(FileFormatError) {
        let length = word.utf8.count
        let start = position
        guard bytes.count - start >= length else { throw invalidLiteral(at: start) }
        var index = 0
        for expected in word.utf8 {
            guard bytes[start + index] == expected else { throw invalidLiteral(at: start) }
            index += 1
        }
        position = start + length
    }

    /// An error at `offset` (the current position by default).
    func error(_ message: String, at offset: Int? = nil) -> FileFormatError {
        FileFormatError(message, offset: offset ?? position)
    }

    /// The error for a missing `expected` at the current position, naming what is there instead.
    func unexpected(_ expected: String) -> FileFormatError {
        error("expected \(expected), found \(describeByte(at: position))")
    }

    /// What the byte at `offset` is, for messages: "'x'", "byte 0xFF" or "the end of the file".
    func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte > 0x20 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte 0x" + hexByte(byte)
    }

    /// A short name of the type of value that starts with `byte` ("a string", "an array"),
    /// as `PropertyValue.typeDescription` words it, or `nil` when no value starts so.
    static func kindOfValue(startingWith byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "{"): return "a dictionary"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        default: return nil
        }
    }

    /// Two uppercase hexadecimal digits.
    func hexByte(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + text : text
    }

    /// The error for a word that is not `true`, `false` or `null`.
    private func invalidLiteral(at offset: Int) -> FileFormatError {
        error("invalid literal: expected true, false or null", at: offset)
    }
}
