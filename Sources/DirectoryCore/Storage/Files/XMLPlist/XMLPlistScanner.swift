/// A byte-level tokenizer for the XML subset that property lists use: an XML
/// declaration, a `<!DOCTYPE>`, comments, processing instructions, white space,
/// and the tags of `XMLPlistElement` with (ignored) attributes.
///
/// It reads tags one at a time; element content is read by the methods in
/// `XMLPlistScanner+Text.swift`. Every failure is a `FileFormatError` carrying
/// the byte offset where it was found.
///
/// It holds a pointer into bytes it does not own, so it is made only inside a
/// `withUnsafeBytes` of those bytes and never kept past it: every place that makes one
/// is marked `unsafe`.
@safe
struct XMLPlistScanner {
    /// The whole file.
    let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    var position = 0
    /// Reused storage for text that needs entity or CDATA decoding.
    var scratch: [UInt8] = []

    /// Starts reading `bytes`, after a UTF-8 byte order mark if there is one.
    init(_ bytes: UnsafeRawBufferPointer) {
        unsafe self.bytes = unsafe bytes
        if bytes.count >= 3, unsafe bytes[0] == 0xEF, unsafe bytes[1] == 0xBB, unsafe bytes[2] == 0xBF { position = 3 }
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

    /// Whether the bytes at `offset` are `literal` (compared eight bytes at a time).
    @inline(__always)
    func hasPrefix(_ literal: StaticString, at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset >= 0, unsafe count <= bytes.count - offset, let base = unsafe bytes.baseAddress else {
            return false
        }
        let text = unsafe UnsafeRawPointer(literal.utf8Start)
        let start = unsafe base + offset
        var index = 0
        while count - index >= 8 {
            guard
                unsafe text.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    == start.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            else { return false }
            index += 8
        }
        if count - index >= 4 {
            guard
                unsafe text.loadUnaligned(fromByteOffset: index, as: UInt32.self)
                    == start.loadUnaligned(fromByteOffset: index, as: UInt32.self)
            else { return false }
            index += 4
        }
        while index < count {
            guard
                unsafe text.load(fromByteOffset: index, as: UInt8.self)
                    == start.load(fromByteOffset: index, as: UInt8.self)
            else { return false }
            index += 1
        }
        return true
    }

    /// The offset of the first `literal` at or after `offset`, or `nil`.
    func find(_ literal: StaticString, from offset: Int) -> Int? {
        let first = unsafe literal.utf8Start[0]
        var index = offset
        while unsafe index < bytes.count {
            if unsafe bytes[index] == first, hasPrefix(literal, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// At most 40 bytes from `range`, decoded leniently, for messages.
    func snippet(_ range: Range<Int>) -> String {
        let end = min(range.upperBound, range.lowerBound + 40)
        let text = unsafe String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[range.lowerBound..<end]), as: UTF8.self)
        return end < range.upperBound ? text + "…" : text
    }

    /// Skips white space.
    @inline(__always)
    mutating func skipSpace() {
        while unsafe position < bytes.count, unsafe Self.isSpace(bytes[position]) { position += 1 }
    }

    /// Skips white space, comments and processing instructions between elements.
    mutating func skipMisc() throws(FileFormatError) {
        while true {
            skipSpace()
            guard unsafe position + 1 < bytes.count, unsafe bytes[position] == UInt8(ascii: "<") else { return }
            if unsafe bytes[position + 1] == UInt8(ascii: "?") {
                try skipProcessingInstruction()
            } else if hasPrefix("<!--", at: position) {
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
        guard unsafe position < bytes.count else {
            if let parent { throw error("the file ends before </\(parent.name)>", at: position) }
            throw error("the file ends before the property list's first element", at: position)
        }
        guard unsafe bytes[position] == UInt8(ascii: "<") else {
            var end = position
            while unsafe end < bytes.count, unsafe bytes[end] != UInt8(ascii: "<"), unsafe bytes[end] != 0x0A {
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
        if unsafe position < bytes.count, unsafe bytes[position] == UInt8(ascii: "/") {
            kind = .close
            position += 1
        }
        let nameStart = position
        while unsafe position < bytes.count {
            let byte = unsafe bytes[position]
            if Self.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "<")
            {
                break
            }
            position += 1
        }
        guard position > nameStart else {
            throw error("expected an element name after '<'", at: start)
        }
        guard let element = unsafe XMLPlistElement.named(bytes, nameStart..<position) else {
            throw error("unknown element <\(snippet(nameStart..<position))>", at: start)
        }
        if kind == .close {
            skipSpace()
            guard unsafe position < bytes.count, unsafe bytes[position] == UInt8(ascii: ">") else {
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
            guard unsafe position < bytes.count else {
                throw error("the file ends inside the tag <\(element.name)>", at: tagStart)
            }
            switch unsafe bytes[position] {
            case UInt8(ascii: ">"):
                position += 1
                return .open
            case UInt8(ascii: "/"):
                guard unsafe position + 1 < bytes.count, unsafe bytes[position + 1] == UInt8(ascii: ">") else {
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
        while unsafe position < bytes.count, unsafe !Self.isSpace(bytes[position]),
            unsafe bytes[position] != UInt8(ascii: "="),
            unsafe bytes[position] != UInt8(ascii: ">"), unsafe bytes[position] != UInt8(ascii: "<")
        {
            position += 1
        }
        skipSpace()
        guard position > start, unsafe position < bytes.count, unsafe bytes[position] == UInt8(ascii: "=") else {
            throw error("malformed attribute in <\(element.name)>", at: start)
        }
        position += 1
        skipSpace()
        guard unsafe position < bytes.count,
            unsafe bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
        else {
            throw error("expected a quoted attribute value in <\(element.name)>", at: position)
        }
        let quote = unsafe bytes[position]
        position += 1
        while unsafe position < bytes.count, unsafe bytes[position] != quote {
            guard unsafe bytes[position] != UInt8(ascii: "<") else {
                throw error("unterminated attribute value in <\(element.name)>", at: start)
            }
            position += 1
        }
        guard unsafe position < bytes.count else {
            throw error("unterminated attribute value in <\(element.name)>", at: start)
        }
        position += 1
    }
}
