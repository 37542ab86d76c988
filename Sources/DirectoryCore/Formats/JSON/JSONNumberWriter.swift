/// Writes numbers as JSON, in the forms Foundation's `JSONEncoder` uses on Linux.
///
/// `JSONEncoder` writes a `Double` as Swift's shortest round-trip `description`
/// (`0.1`, `1e-07`, `1.2345678901234567e+19`), without the `.0` of integral values
/// (`-63114076800`, `-0`); every such form reads back to the same `Double` in
/// `JSONDecoder`, `JSONSerialization` and Python's `json`.
enum JSONNumberWriter {
    /// 2^53: integral doubles below this magnitude are written as plain digits,
    /// as `description` writes them (it switches to exponent form above it).
    private static let exactIntegerLimit: Double = 9_007_199_254_740_992

    /// Appends a date, as seconds since 2001, the way `JSONEncoder` encodes a `Date`.
    @inline(__always)
    static func appendSeconds(_ value: Double, to output: inout [UInt8]) {
        appendDouble(value, keepingFraction: false, to: &output)
    }

    /// Appends a `.real`, keeping a `.0` on integral values (`3.0`) so that reading
    /// the file back gives `.real` again rather than `.integer`.
    @inline(__always)
    static func appendReal(_ value: Double, to output: inout [UInt8]) {
        appendDouble(value, keepingFraction: true, to: &output)
    }

    /// Appends `value` in decimal.
    static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // The digits from the last on; `Int64.min` has 19.
        var digits = InlineArray<20, UInt8>(repeating: 0)
        var start = 20
        repeat {
            start -= 1
            digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude != 0
        output.append(digits.span.extracting(start..<20))
    }

    /// Appends a double; non-finite values, which JSON cannot hold, are written as `null`.
    private static func appendDouble(_ value: Double, keepingFraction: Bool, to output: inout [UInt8]) {
        guard value.isFinite else {
            output.append(contentsOf: "null".utf8)
            return
        }
        if value.magnitude < exactIntegerLimit, value == value.rounded(.towardZero) {
            if value == 0 && value.sign == .minus { output.append(UInt8(ascii: "-")) }
            appendInteger(Int64(value), to: &output)
            if keepingFraction { output.append(contentsOf: ".0".utf8) }
            return
        }
        var text = value.description
        if !keepingFraction, text.hasSuffix(".0") { text.removeLast(2) }
        output.append(contentsOf: text.utf8)
    }
}
