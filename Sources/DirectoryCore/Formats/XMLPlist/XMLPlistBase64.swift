/// Base64 as XML property list `<data>` holds it.
enum XMLPlistBase64 {
    /// The 64 digits, in order.
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The value of each byte as a base64 digit; 0xFF for other bytes.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, digit) in alphabet.enumerated() { table[Int(digit)] = UInt8(index) }
        return table
    }()

    /// Decodes `text`, ignoring white space. Groups must be complete (padded
    /// with `=`) and padding may only end the text; `nil` otherwise.
    static func decode(_ text: Span<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3)
        var group: UInt32 = 0
        var count = 0
        var padding = 0
        for index in text.indices {
            let byte = text[index]
            if XMLPlistScanner.isSpace(byte) { continue }
            if byte == UInt8(ascii: "=") {
                padding += 1
                group <<= 6
            } else {
                let value = values[Int(byte)]
                guard value != 0xFF, padding == 0 else { return nil }
                group = group << 6 | UInt32(value)
            }
            count += 1
            if count == 4 {
                guard padding <= 2 else { return nil }
                output.append(UInt8(truncatingIfNeeded: group >> 16))
                if padding < 2 { output.append(UInt8(truncatingIfNeeded: group >> 8)) }
                if padding < 1 { output.append(UInt8(truncatingIfNeeded: group)) }
                count = 0
                group = 0
                if padding > 0 { padding = 3 }  // anything after a padded group is an error
            }
        }
        guard count == 0 else { return nil }
        return output
    }

    /// Appends `bytes` as `PropertyListEncoder` writes `<data>` content at
    /// `indentation` tabs: lines of base64 that, counting each tab as eight
    /// columns (at most eight tabs), stop at 76 columns, each indented and
    /// ending in a newline. Empty data writes no line.
    static func appendLines(_ bytes: [UInt8], indentation: Int, to output: inout [UInt8]) {
        let tabs = min(indentation, 8)
        let lineLength = 76 - 8 * tabs
        var line: [UInt8] = []
        line.reserveCapacity(80)
        func flush() {
            for _ in 0..<tabs { output.append(0x09) }
            output.append(contentsOf: line)
            output.append(0x0A)
            line.removeAll(keepingCapacity: true)
        }
        var previous = 0
        for (index, byte) in bytes.enumerated() {
            let value = Int(byte)
            switch index % 3 {
            case 0:
                line.append(alphabet[value >> 2])
            case 1:
                line.append(alphabet[((previous << 8 | value) >> 4) & 0x3F])
            default:
                line.append(alphabet[((previous << 8 | value) >> 6) & 0x3F])
                line.append(alphabet[value & 0x3F])
            }
            previous = value
            if line.count >= lineLength { flush() }
        }
        switch bytes.count % 3 {
        case 1:
            line.append(alphabet[(previous << 4) & 0x30])
            line.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "=")])
        case 2:
            line.append(alphabet[(previous << 2) & 0x3C])
            line.append(UInt8(ascii: "="))
        default:
            break
        }
        if !line.isEmpty { flush() }
    }
}
