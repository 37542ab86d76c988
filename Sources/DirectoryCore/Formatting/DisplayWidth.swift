/// How many terminal columns text takes: wide for CJK and emoji, nothing for
/// combining marks, so that `list` columns line up whatever the names are.
public enum DisplayWidth {
    /// The columns `text` takes in a terminal.
    public static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        if let width = simpleWidth(text) { return width }
        var width = 0
        for character in text {
            width += of(character)
        }
        return width
    }

    /// The columns one grapheme cluster takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // An emoji presentation sequence (with VS16) or a flag is two columns.
        if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        return of(first)
    }

    /// The columns of one scalar, as `wcwidth` would give.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 { return 0 }
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return isWide(value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF,
            0x1B000...0x1B2FF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD,
            0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The columns of `text` when every scalar is one that is always a grapheme cluster
    /// of its own and whose width is known without looking up its properties (Latin,
    /// Greek, Cyrillic, CJK ideographs: what most names are made of); `nil` otherwise.
    /// This saves `of(_ character:)`'s property look-ups for each of a million cells.
    static func simpleWidth(_ text: String) -> Int? {
        var text = text
        text.makeContiguousUTF8()
        return simpleWidth(utf8: text.utf8.span)
    }

    /// `simpleWidth` of text given as UTF-8; `nil` too when the bytes are not well-formed.
    static func simpleWidth(utf8: Span<UInt8>) -> Int? {
        var width = 0
        var index = 0
        while index < utf8.count {
            let lead = UInt32(utf8[index])
            var scalar = lead
            if lead >= 0x80 {
                let length = lead >= 0xE0 ? 3 : 2
                guard lead >= 0xC2, lead < 0xF0, index + length <= utf8.count else { return nil }
                scalar = lead & (length == 2 ? 0x1F : 0x0F)
                for offset in 1..<length {
                    let next = UInt32(utf8[index + offset])
                    guard next & 0xC0 == 0x80 else { return nil }
                    scalar = scalar << 6 | (next & 0x3F)
                }
                guard length == 2 || scalar >= 0x800 else { return nil }
                index += length
            } else {
                index += 1
            }
            switch scalar {
            case 0x20..<0x7F, 0xA0..<0xAD, 0xAE..<0x300, 0x370..<0x483, 0x48A..<0x530, 0x1E00..<0x1F00:
                width += 1
            case 0xAD:
                break
            case 0x3400..<0x4DC0, 0x4E00..<0xA000:
                width += 2
            default:
                return nil
            }
        }
        return width
    }

    /// `text` followed by spaces up to `width` columns.
    public static func pad(_ text: String, to width: Int) -> String {
        let missing = width - of(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }
}
