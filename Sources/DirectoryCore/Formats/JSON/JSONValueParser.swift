/// Any JSON value, nested arrays and objects included, as a `PropertyValue`.
///
/// Nesting is parsed with an explicit stack rather than recursion, so the call
/// stack stays flat whatever the input; the stack is limited to
/// `JSONScanner.maximumDepth` levels. Object members keep the file's order.
extension JSONScanner {
    /// An array or object whose closing bracket has not been read yet.
    private enum OpenContainer {
        /// An array and the elements read so far.
        case array([PropertyValue])
        /// An object, the members read so far, and the key whose value is being read.
        case object([KeyedValue], key: String)
    }

    /// Parses the value that starts at the next significant byte.
    ///
    /// - Parameters:
    ///   - depth: how many arrays and objects enclose the value.
    ///   - keepingNumberText: whether numbers other than whole `Int64`s keep their text
    ///     (`.numberText`), so that they are written back exactly as read.
    mutating func parseValue(depth: Int, keepingNumberText: Bool = false) throws(FileFormatError) -> PropertyValue {
        var stack: [OpenContainer] = []
        while true {
            guard let byte = peekSignificant() else { throw unexpected("a value") }
            var value: PropertyValue
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard depth + stack.count < JSONScanner.maximumDepth else {
                    throw error("arrays and dictionaries are nested more than \(JSONScanner.maximumDepth) levels deep")
                }
                position += 1
                if byte == UInt8(ascii: "[") {
                    if consume(UInt8(ascii: "]")) {
                        value = .array([])
                    } else {
                        stack.append(.array([]))
                        continue
                    }
                } else {
                    if consume(UInt8(ascii: "}")) {
                        value = .dictionary([])
                    } else {
                        stack.append(.object([], key: try parseKey()))
                        continue
                    }
                }
            default:
                value = try parseScalar(startingWith: byte, keepingNumberText: keepingNumberText)
            }
            // Hand the value to the innermost open container; close those that end here.
            while true {
                guard let container = stack.popLast() else { return value }
                switch container {
                case .array(var elements):
                    elements.append(value)
                    if try continueArray() {
                        stack.append(.array(elements))
                    } else {
                        value = .array(elements)
                        continue
                    }
                case .object(var members, let key):
                    members.append(KeyedValue(key, value))
                    if try continueObject() {
                        stack.append(.object(members, key: try parseKey()))
                    } else {
                        value = .dictionary(members)
                        continue
                    }
                }
                break
            }
        }
    }

    /// Parses a string, number, `true`, `false` or `null` starting with `byte` at `position`.
    @inline(__always)
    mutating func parseScalar(
        startingWith byte: UInt8, keepingNumberText: Bool = false
    ) throws(FileFormatError) -> PropertyValue {
        switch byte {
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber(keepingText: keepingNumberText)
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            return .null
        default:
            throw unexpected("a value")
        }
    }

    /// Parses an object member's key and the `:` after it.
    mutating func parseKey() throws(FileFormatError) -> String {
        guard let byte = peekSignificant(), byte == UInt8(ascii: "\"") else {
            throw unexpected("a string key in a dictionary")
        }
        let key = try parseString()
        guard consume(UInt8(ascii: ":")) else { throw unexpected("':' after a dictionary key") }
        return key
    }

    /// After an array element: `true` for `,` (another element follows), `false` for `]`.
    mutating func continueArray() throws(FileFormatError) -> Bool {
        switch peekSignificant() {
        case UInt8(ascii: ","):
            position += 1
            if peekSignificant() == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
            return true
        case UInt8(ascii: "]"):
            position += 1
            return false
        default:
            throw unexpected("',' or ']' after an array element")
        }
    }

    /// After an object member: `true` for `,` (another member follows), `false` for `}`.
    /// Inlined into the loops over a record's members (the reader's, the one-shot `find`'s).
    @inline(__always)
    mutating func continueObject() throws(FileFormatError) -> Bool {
        switch peekSignificant() {
        case UInt8(ascii: ","):
            position += 1
            if peekSignificant() == UInt8(ascii: "}") { throw error("trailing comma before '}'") }
            return true
        case UInt8(ascii: "}"):
            position += 1
            return false
        default:
            throw unexpected("',' or '}' after a dictionary value")
        }
    }
}
