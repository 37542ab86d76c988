/// The text of XML property list `<integer>` and `<real>` elements, as
/// Foundation reads and writes it.
enum XMLPlistNumber {
    /// Parses an `<integer>`: an optional sign, then decimal digits or `0x` and
    /// hexadecimal digits. `offset` is where the text starts, for messages.
    ///
    /// Like Foundation, it also accepts 2^63 through 2^64 − 1 (an unsigned number, as a
    /// Swift `UInt64` is written): those are kept as their decimal digits (`.numberText`).
    static func parseInteger(_ text: Span<UInt8>, offset: Int) throws(FileFormatError) -> PropertyValue {
        var index = 0
        var negative = false
        if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            negative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        var hex = false
        if text.count - index > 2, text[index] == UInt8(ascii: "0"),
            text[index + 1] == UInt8(ascii: "x") || text[index + 1] == UInt8(ascii: "X")
        {
            hex = true
            index += 2
        }
        guard index < text.count else {
            throw FileFormatError(
                text.isEmpty ? "empty <integer>" : "malformed <integer> '\(show(text))'", offset: offset)
        }
        var magnitude: UInt64 = 0
        while index < text.count {
            guard let digit = XMLPlistScanner.digitValue(text[index], hex: hex) else {
                throw FileFormatError("malformed <integer> '\(show(text))'", offset: offset + index)
            }
            let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: hex ? 16 : 10)
            let (sum, carry) = shifted.addingReportingOverflow(UInt64(digit))
            guard !overflow, !carry else {
                throw FileFormatError("<integer> '\(show(text))' is out of range", offset: offset)
            }
            magnitude = sum
            index += 1
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else {
                throw FileFormatError("<integer> '\(show(text))' is out of range", offset: offset)
            }
            return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        }
        guard magnitude <= UInt64(Int64.max) else { return .numberText(String(magnitude)) }
        return .integer(Int64(magnitude))
    }

    /// Parses a `<real>`: a decimal number with optional sign, fraction and
    /// exponent, or `nan`, `inf`, `infinity` (any case, optional sign), as
    /// Foundation accepts. Hexadecimal and white space are rejected.
    static func parseReal(_ text: Span<UInt8>, offset: Int) throws(FileFormatError) -> Double {
        guard !text.isEmpty else { throw FileFormatError("empty <real>", offset: offset) }
        var sawDigit = false
        var sawLetter = false
        for index in text.indices {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): break
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): sawLetter = true
            default: throw FileFormatError("malformed <real> '\(show(text))'", offset: offset)
            }
        }
        let string = String(utf8: text)
        if sawLetter {
            var word = Substring(string.lowercased())
            if word.first == "+" || word.first == "-" { word = word.dropFirst() }
            guard !sawDigit, word == "nan" || word == "inf" || word == "infinity" else {
                throw FileFormatError("malformed <real> '\(show(text))'", offset: offset)
            }
        }
        guard let value = Double(string) else {
            throw FileFormatError("malformed <real> '\(show(text))'", offset: offset)
        }
        return value
    }

    /// Appends `value` as `PropertyListEncoder` writes a `<real>`: the shortest
    /// text that reads back as the same number, without a trailing `.0`, and
    /// `nan`, `+infinity` or `-infinity` for the special values.
    static func appendReal(_ value: Double, to output: inout [UInt8]) {
        if value.isInfinite {
            output.append(contentsOf: (value > 0 ? "+infinity" : "-infinity").utf8)
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        output.append(contentsOf: text.utf8)
    }

    /// At most 40 bytes of `text`, for messages.
    private static func show(_ text: Span<UInt8>) -> String {
        let shown = String(utf8: text.extracting(first: 40))
        return text.count > 40 ? shown + "…" : shown
    }
}
