/// Reading element content: text with entities and CDATA sections for
/// `<string>` and `<key>`, and the raw bytes of `<integer>`, `<real>`, `<date>`
/// and `<data>`.
extension XMLPlistScanner {
    /// Reads the text of a `<string>` or `<key>` whose start tag ended just
    /// before `position`, through its end tag. Entities and CDATA sections are
    /// decoded; comments are skipped; the text must be valid UTF-8.
    mutating func readText(of tag: XMLPlistTag) throws(FileFormatError) -> String {
        let start = position
        var index = position
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { break }
            index += 1
        }
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<"),
            bytes[index + 1] == UInt8(ascii: "/")
        {
            let text = try makeString(start..<index)
            position = index
            try expectClose(tag)
            return text
        }
        return try readDecodedText(of: tag)
    }

    /// The slow path of `readText`: text with entities, CDATA or comments.
    private mutating func readDecodedText(of tag: XMLPlistTag) throws(FileFormatError) -> String {
        scratch.removeAll(keepingCapacity: true)
        while true {
            let runStart = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "<"),
                bytes[position] != UInt8(ascii: "&")
            {
                position += 1
            }
            scratch.append(bytes.extracting(runStart..<position))
            guard position < bytes.count else {
                throw error("the file ends inside \(tag.description)", at: tag.offset)
            }
            if bytes[position] == UInt8(ascii: "&") {
                try decodeEntity()
            } else if hasPrefix(.endTag, at: position) {
                break
            } else if hasPrefix(.cdata, at: position) {
                guard let end = find(.cdataEnd, from: position + 9) else {
                    throw error("unterminated CDATA section", at: position)
                }
                scratch.append(bytes.extracting((position + 9)..<end))
                position = end + 3
            } else if hasPrefix(.comment, at: position) {
                try skipComment()
            } else {
                let inner = try readTagAtBracket()
                throw error("expected </\(tag.element.name)> but found \(inner.description)", at: inner.offset)
            }
        }
        guard UTF8Text.firstInvalid(in: scratch.span) == nil else {
            throw error("invalid UTF-8 text in \(tag.description)", at: tag.offset)
        }
        let text = String(utf8: scratch.span)
        try expectClose(tag)
        return text
    }

    /// The fast path for the common shapes of a record's entry,
    /// `<key>KEY</key> <string>TEXT</string>` (text without entities) and
    /// `<key>KEY</key> <date>DATE</date>`: reads one, or returns `nil` and reads
    /// nothing, leaving anything else (and every error) to the general path.
    /// The key and text are returned as the ranges of their bytes, checked to be
    /// valid UTF-8, so the caller makes strings only of what it keeps.
    mutating func readSimpleEntry() -> (key: Range<Int>, value: XMLPlistSimpleValue)? {
        var index = position
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        guard hasPrefix(.key, at: index) else { return nil }
        let keyStart = index + 5
        index = textEnd(from: keyStart)
        guard hasPrefix(.keyEnd, at: index), isUTF8(keyStart..<index) else { return nil }
        let key = keyStart..<index
        index += 6
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        if hasPrefix(.string, at: index) {
            let valueStart = index + 8
            index = textEnd(from: valueStart)
            guard hasPrefix(.stringEnd, at: index), isUTF8(valueStart..<index) else { return nil }
            position = index + 9
            return (key, .text(valueStart..<index))
        }
        guard hasPrefix(.date, at: index) else { return nil }
        let valueStart = index + 6
        index = valueStart
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
        guard hasPrefix(.dateEnd, at: index),
            let seconds = XMLPlistDate.parse(bytes.extracting(valueStart..<index))
        else { return nil }
        position = index + 7
        return (key, .date(seconds))
    }

    /// The fastest path, for a record's entry in the layout every writer of the apps' files
    /// uses: the `<key>` element of a key the kind knows, matched whole (`tags`; the key
    /// of `guess` tried first), then `<string>TEXT</string>`, text without entities. Reads
    /// one and returns its key's code, where the key's text lies and where the (valid
    /// UTF-8) text is, with the id it holds when the key is `id` and the text an id in the
    /// hyphenated form; or returns `nil` and reads nothing, for `readSimpleEntry()`.
    ///
    /// The line breaks and tabs Foundation writes between the elements are matched with
    /// them (`\n\t\t<string>`); other white space is skipped byte by byte.
    @inline(__always)
    mutating func readKnownEntry(
        _ tags: XMLPlistKeyTags, guess: Int
    ) -> (code: Int, key: Range<Int>, text: Range<Int>, id: RecordID?)? {
        var index = position
        if hasPrefix(.lineIndent, at: index) { index &+= 3 }
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        var code = guess
        if !tags.matches(code, in: bytes, at: index) {
            code = 0
            while code < tags.count, code == guess || !tags.matches(code, in: bytes, at: index) { code &+= 1 }
            guard code < tags.count else { return nil }
        }
        let tagEnd = index &+ tags.byteCount(code)
        // `<key>` then the key's text then `</key>`.
        let key = (index &+ 5)..<(tagEnd &- 6)
        let valueStart: Int
        if hasPrefix(.stringLine, at: tagEnd) {
            valueStart = tagEnd &+ 11
        } else {
            index = tagEnd
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard hasPrefix(.string, at: index) else { return nil }
            valueStart = index &+ 8
        }
        // An id: 36 bytes then `</string>`, checked digit by digit as it is parsed (so ASCII).
        if code == 0, bytes.count - valueStart >= 45, hasPrefix(.stringEnd, at: valueStart &+ 36),
            let id = RecordID(utf8: bytes.extracting(valueStart..<(valueStart &+ 36)).rawBytes)
        {
            position = valueStart &+ 45
            return (code, key, valueStart..<(valueStart &+ 36), id)
        }
        var highBits: UInt64 = 0
        index = textEnd(from: valueStart, highBits: &highBits)
        guard hasPrefix(.stringEnd, at: index) else { return nil }
        if highBits & 0x8080_8080_8080_8080 != 0 {
            guard UTF8Text.firstInvalid(in: bytes.extracting(valueStart..<index)) == nil else { return nil }
        }
        position = index &+ 9
        return (code, key, valueStart..<index, nil)
    }

    /// `textEnd(from:)`, which also ORs every byte it passes into `highBits` (whole words,
    /// bytes in place), so that text whose bytes are all ASCII needs no second pass.
    @inline(__always)
    func textEnd(from start: Int, highBits: inout UInt64) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        var index = start
        var bits: UInt64 = 0
        while let word = bytes.word64(ifFitsAt: index) {
            let eight = UInt64(littleEndian: word)
            let less = eight ^ (ones &* 0x3C)  // `<`
            let ampersand = eight ^ (ones &* 0x26)  // `&`
            let found = ((less &- ones) & ~less | (ampersand &- ones) & ~ampersand) & (ones &* 0x80)
            if found != 0 {
                let offset = found.trailingZeroBitCount &>> 3
                // Only the bytes before the end count: those below the lowest flagged byte.
                let before: UInt64 = offset == 0 ? 0 : ~0 &>> UInt64(64 &- 8 &* offset)
                highBits |= bits | eight & before
                return index &+ offset
            }
            bits |= eight
            index &+= 8
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") {
            bits |= UInt64(bytes[index])
            index += 1
        }
        highBits |= bits
        return index
    }

    /// The offset of the first `<` or `&` at or after `start`, or the end of the bytes;
    /// eight bytes at a time.
    @inline(__always)
    func textEnd(from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        var index = start
        while let word = bytes.word64(ifFitsAt: index) {
            let eight = UInt64(littleEndian: word)
            let less = eight ^ (ones &* 0x3C)  // `<`
            let ampersand = eight ^ (ones &* 0x26)  // `&`
            // The lowest byte flagged is the first `<` or `&`: a byte is flagged by a borrow
            // only above one that is.
            let found = ((less &- ones) & ~less | (ampersand &- ones) & ~ampersand) & (ones &* 0x80)
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") {
            index += 1
        }
        return index
    }

    /// Whether the bytes `range` are valid UTF-8.
    @inline(__always)
    func isUTF8(_ range: Range<Int>) -> Bool {
        let slice = bytes.extracting(range)
        return UTF8Text.isASCII(slice.rawBytes) || UTF8Text.firstInvalid(in: slice) == nil
    }

    /// Reads the content of an `<integer>`, `<real>`, `<date>` or `<data>`
    /// whose start tag ended just before `position`, through its end tag.
    mutating func readContent(of tag: XMLPlistTag) throws(FileFormatError) -> Range<Int> {
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
        guard position < bytes.count else {
            throw error("the file ends inside \(tag.description)", at: tag.offset)
        }
        let end = position
        try expectClose(tag)
        return start..<end
    }

    /// Reads the end tag that must close `tag`.
    mutating func expectClose(_ tag: XMLPlistTag) throws(FileFormatError) {
        let found = try readTag(inside: tag.element)
        guard found.kind == .close, found.element == tag.element else {
            throw error("expected </\(tag.element.name)> but found \(found.description)", at: found.offset)
        }
    }

    /// The string of the bytes `range`, which must be valid UTF-8.
    @inline(__always)
    func makeString(_ range: Range<Int>) throws(FileFormatError) -> String {
        let slice = bytes.extracting(range)
        if !UTF8Text.isASCII(slice.rawBytes), let invalid = UTF8Text.firstInvalid(in: slice) {
            throw error("invalid UTF-8 text", at: range.lowerBound + invalid)
        }
        return String(utf8: slice)
    }

    /// Decodes the entity or character reference at `position` into `scratch`.
    private mutating func decodeEntity() throws(FileFormatError) {
        let start = position
        var end = position + 1
        while end < bytes.count, end - start < 16, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw error("unknown or unterminated entity '\(snippet(start..<min(end, bytes.count)))'", at: start)
        }
        position = end + 1
        let name = (start + 1)..<end
        if let character = Self.predefinedEntity(bytes.extracting(name)) {
            scratch.append(character)
            return
        }
        guard !name.isEmpty, bytes[name.lowerBound] == UInt8(ascii: "#") else {
            throw error("unknown entity '\(snippet(start..<position))'", at: start)
        }
        let hex = name.count >= 2 && bytes[name.lowerBound + 1] == UInt8(ascii: "x")
        let digits = (name.lowerBound + (hex ? 2 : 1))..<name.upperBound
        guard !digits.isEmpty else { throw error("empty character reference", at: start) }
        var value: UInt32 = 0
        for index in digits {
            guard let digit = Self.digitValue(bytes[index], hex: hex) else {
                throw error("malformed character reference '\(snippet(start..<position))'", at: start)
            }
            value = value &* (hex ? 16 : 10) &+ digit
            guard value <= 0x10FFFF else {
                throw error("character reference '\(snippet(start..<position))' is beyond Unicode", at: start)
            }
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error("character reference '\(snippet(start..<position))' is not a Unicode character", at: start)
        }
        UTF8.encode(scalar) { scratch.append($0) }
    }

    /// The character that `&lt;`, `&gt;`, `&amp;`, `&quot;` or `&apos;` names.
    private static func predefinedEntity(_ name: Span<UInt8>) -> UInt8? {
        var word: UInt32 = 0
        guard name.count <= 4 else { return nil }
        for index in name.indices { word = word << 8 | UInt32(name[index]) }
        switch word {
        case 0x6C74: return UInt8(ascii: "<")  // lt
        case 0x6774: return UInt8(ascii: ">")  // gt
        case 0x616D70: return UInt8(ascii: "&")  // amp
        case 0x7175_6F74: return UInt8(ascii: "\"")  // quot
        case 0x6170_6F73: return UInt8(ascii: "'")  // apos
        default: return nil
        }
    }

    /// The value of a decimal or hexadecimal digit, or `nil`.
    static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(byte &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(byte &- UInt8(ascii: "A") &+ 10)
        default: return nil
        }
    }
}

/// The value of a record entry read by `XMLPlistScanner.readSimpleEntry()`.
enum XMLPlistSimpleValue {
    /// A `<string>` without entities: where its (valid UTF-8) text lies in the file.
    case text(Range<Int>)
    /// A `<date>`, in seconds since 2001.
    case date(Double)
}
