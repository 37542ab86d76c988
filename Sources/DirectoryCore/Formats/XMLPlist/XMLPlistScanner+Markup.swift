/// Skipping the markup that carries no values: the prolog (XML declaration
/// and `<!DOCTYPE>`), comments and processing instructions.
extension XMLPlistScanner {
    /// Skips what may come before the root element: the XML declaration, a
    /// `<!DOCTYPE>`, comments, processing instructions and white space.
    mutating func skipProlog() throws(FileFormatError) {
        while true {
            try skipMisc()
            guard hasPrefix(.doctype, at: position) else { return }
            try skipDoctype()
        }
    }

    /// Skips a comment; `position` is at its `<!--`.
    mutating func skipComment() throws(FileFormatError) {
        guard let end = find(.commentEnd, from: position + 4) else {
            throw error("unterminated comment: '<!--' without '-->'", at: position)
        }
        position = end + 3
    }

    /// Skips a processing instruction; `position` is at its `<?`. The XML
    /// declaration's encoding, when given, must be UTF-8.
    mutating func skipProcessingInstruction() throws(FileFormatError) {
        let start = position
        guard let end = find(.instructionEnd, from: position + 2) else {
            throw error("unterminated processing instruction: '<?' without '?>'", at: start)
        }
        position = end + 2
        guard hasPrefix(.declaration, at: start), start + 5 < end, Self.isSpace(bytes[start + 5]) else { return }
        guard let attribute = find(.encoding, from: start), attribute < end else { return }
        var index = attribute + 8
        while index < end, Self.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "=") { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            return
        }
        let quote = bytes[index]
        let valueStart = index + 1
        var valueEnd = valueStart
        while valueEnd < end, bytes[valueEnd] != quote { valueEnd += 1 }
        let encoding = snippet(valueStart..<valueEnd).lowercased()
        guard encoding == "utf-8" || encoding == "utf8" || encoding == "us-ascii" else {
            throw error("unsupported encoding '\(encoding)': only UTF-8 property lists can be read", at: valueStart)
        }
    }

    /// Skips a `<!DOCTYPE ...>`, including an internal subset in brackets.
    mutating func skipDoctype() throws(FileFormatError) {
        let start = position
        var index = position + 9
        var quote: UInt8 = 0
        var inSubset = false
        while index < bytes.count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                inSubset = true
            } else if byte == UInt8(ascii: "]") {
                inSubset = false
            } else if byte == UInt8(ascii: ">"), !inSubset {
                position = index + 1
                return
            }
            index += 1
        }
        throw error("unterminated <!DOCTYPE>", at: start)
    }
}
