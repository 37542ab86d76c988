/// A byte-level tokenizer for the XML subset that property lists use: an XML
/// declaration, a `<!DOCTYPE>`, comments, processing instructions, white space,
/// and the tags of `XMLPlistElement` with (ignored) attributes.
///
/// It reads tags one at a time; element content is read by the methods in
/// `XMLPlistScanner+Text.swift`. Every failure is a `FileFormatError` carrying
/// the byte offset where it was found.
///
/// It holds a span of bytes it does not own, so it lives only inside the scope that
/// lends them (`RecordCodec.decode`).
struct XMLPlistScanner: ~Escapable {
    /// The whole file.
    let bytes: Span<UInt8>
    /// The offset of the next byte to read.
    var position = 0
    /// Reused storage for text that needs entity or CDATA decoding.
    var scratch: [UInt8] = []

    /// Starts reading `bytes`, after a UTF-8 byte order mark if there is one.
    @_lifetime(copy bytes)
    init(_ bytes: Span<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// A format error at byte `offset`.
    func error(_ message: String, at offset: Int) -> FileFormatError {
        FileFormatError(message, offset: offset)
    }

    /// Whether `byte` is XML white space.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Whether the bytes at `offset` are `literal` (eight bytes compared at once).
    @inline(__always)
    func hasPrefix(_ literal: XMLPlistLiteral, at offset: Int) -> Bool {
        let count = literal.count
        guard offset >= 0, count <= bytes.count - offset else { return false }
        var index = 0
        if bytes.count - offset >= 8 {
            guard UInt64(littleEndian: bytes.word64(at: offset)) & literal.headMask == literal.head else {
                return false
            }
            if count > 8, bytes.count - offset >= 16 {
                return UInt64(littleEndian: bytes.word64(at: offset &+ 8)) & literal.tailMask == literal.tail
            }
            index = min(count, 8)
        }
        while index < count {
            guard bytes[offset + index] == literal[index] else { return false }
            index += 1
        }
        return true
    }

    /// The offset of the first `literal` at or after `offset`, or `nil`.
    func find(_ literal: XMLPlistLiteral, from offset: Int) -> Int? {
        let first = literal[0]
        var index = max(offset, 0)
        while index < bytes.count {
            if bytes[index] == first, hasPrefix(literal, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// At most 40 bytes from `range`, decoded leniently, for messages.
    func snippet(_ range: Range<Int>) -> String {
        let end = min(range.upperBound, range.lowerBound + 40)
        let text = String(utf8: bytes.extracting(range.lowerBound..<end))
        return end < range.upperBound ? text + "…" : text
    }

    /// Skips white space.
    @inline(__always)
    mutating func skipSpace() {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    }

    /// Skips white space, comments and processing instructions between elements.
    mutating func skipMisc() throws(FileFormatError) {
        while true {
            skipSpace()
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "<") else { return }
            if bytes[position + 1] == UInt8(ascii: "?") {
                try skipProcessingInstruction()
            } else if hasPrefix(.comment, at: position) {
                try skipComment()
            } else {
                return
            }
        }
    }

    /// Reads the tag at `position`, after skipping white space, comments and
    /// processing instructions; `parent` names the enclosing element for messages.
    mutating func readTag(inside parent: XMLPlistElement?) throws(FileFormatError) -> XMLPlistTag {
        try skipMisc()
        guard position < bytes.count else {
            if let parent { throw error("the file ends before </\(parent.name)>", at: position) }
            throw error("the file ends before the property list's first element", at: position)
        }
        guard bytes[position] == UInt8(ascii: "<") else {
            var end = position
            while end < bytes.count, bytes[end] != UInt8(ascii: "<"), bytes[end] != 0x0A {
                end += 1
            }
            let place = parent.map { " inside <\($0.name)>" } ?? ""
            throw error("unexpected text '\(snippet(position..<end))'\(place), expected an element", at: position)
        }
        return try readTagAtBracket()
    }

    /// Reads the tag whose `<` is at `position`.
    mutating func readTagAtBracket() throws(FileFormatError) -> XMLPlistTag {
        let start = position
        position += 1
        var kind = XMLPlistTag.Kind.open
        if position < bytes.count, bytes[position] == UInt8(ascii: "/") {
            kind = .close
            position += 1
        }
        let nameStart = position
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "<")
            {
                break
            }
            position += 1
        }
        guard position > nameStart else {
            throw error("expected an element name after '<'", at: start)
        }
        guard let element = XMLPlistElement.named(bytes.extracting(nameStart..<position)) else {
            throw error("unknown element <\(snippet(nameStart..<position))>", at: start)
        }
        if kind == .close {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
                throw error("expected '>' to end </\(element.name)>", at: position)
            }
            position += 1
            return XMLPlistTag(kind: .close, element: element, offset: start)
        }
        kind = try skipAttributes(of: element, tagStart: start)
        return XMLPlistTag(kind: kind, element: element, offset: start)
    }

    /// Skips a start tag's attributes (such as `version="1.0"`) and its `>` or `/>`.
    private mutating func skipAttributes(of element: XMLPlistElement, tagStart: Int) throws(FileFormatError)
        -> XMLPlistTag.Kind
    {
        while true {
            skipSpace()
            guard position < bytes.count else {
                throw error("the file ends inside the tag <\(element.name)>", at: tagStart)
            }
            switch bytes[position] {
            case UInt8(ascii: ">"):
                position += 1
                return .open
            case UInt8(ascii: "/"):
                guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") else {
                    throw error("expected '/>' to end <\(element.name)/>", at: position)
                }
                position += 2
                return .empty
            default:
                try skipAttribute(of: element)
            }
        }
    }

    /// Skips one `name="value"` attribute.
    private mutating func skipAttribute(of element: XMLPlistElement) throws(FileFormatError) {
        let start = position
        while position < bytes.count, !Self.isSpace(bytes[position]),
            bytes[position] != UInt8(ascii: "="),
            bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "<")
        {
            position += 1
        }
        skipSpace()
        guard position > start, position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
            throw error("malformed attribute in <\(element.name)>", at: start)
        }
        position += 1
        skipSpace()
        guard position < bytes.count,
            bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
        else {
            throw error("expected a quoted attribute value in <\(element.name)>", at: position)
        }
        let quote = bytes[position]
        position += 1
        while position < bytes.count, bytes[position] != quote {
            guard bytes[position] != UInt8(ascii: "<") else {
                throw error("unterminated attribute value in <\(element.name)>", at: start)
            }
            position += 1
        }
        guard position < bytes.count else {
            throw error("unterminated attribute value in <\(element.name)>", at: start)
        }
        position += 1
    }
}
