/// The on-disk formats of a list file.
public enum FileFormat: String, Sendable, Equatable, CaseIterable {
    /// Apple's binary property list (`bplist00`), what `PropertyListEncoder` writes by default.
    case binaryPlist = "binary plist"
    /// Apple's XML property list.
    case xmlPlist = "XML plist"
    /// A JSON array, as `JSONEncoder` writes it.
    case json = "JSON"

    /// The format a file's contents are in, judged from its first bytes;
    /// `nil` when they look like none of the formats.
    public static func sniff(_ bytes: RawSpan) -> FileFormat? {
        let count = bytes.byteCount
        let magic = Array("bplist".utf8)
        if count >= magic.count, magic.indices.allSatisfy({ bytes.byte(at: $0) == magic[$0] }) {
            return .binaryPlist
        }
        var index = 0
        // Skip a UTF-8 byte order mark and white space.
        if count >= 3, bytes.byte(at: 0) == 0xEF, bytes.byte(at: 1) == 0xBB, bytes.byte(at: 2) == 0xBF { index = 3 }
        while index < count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes.byte(at: index)) { index += 1 }
        guard index < count else { return nil }
        switch bytes.byte(at: index) {
        case UInt8(ascii: "<"): return .xmlPlist
        case UInt8(ascii: "["), UInt8(ascii: "{"): return .json
        default: return nil
        }
    }

    /// What the first bytes of a file say about it.
    public enum Start: Equatable, Sendable {
        /// They begin a file in this format.
        case format(FileFormat)
        /// They cannot begin a list in any format: the file is refused without reading on.
        case notAList
        /// Not enough to tell: nothing but a byte order mark and white space, or a
        /// beginning of `bplist` cut short.
        case undecided
    }

    /// What the first bytes of a file (`bytes`, all of it when `complete`) say: a format,
    /// not a list, or not enough to tell yet. Decides as `sniff` does on the whole file.
    public static func sniffStart(_ bytes: RawSpan, complete: Bool) -> Start {
        if let format = sniff(bytes) { return .format(format) }
        if complete { return .notAList }
        let count = bytes.byteCount
        let magic = Array("bplist".utf8)
        if count < magic.count, (0..<count).allSatisfy({ bytes.byte(at: $0) == magic[$0] }) { return .undecided }
        var index = 0
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if (0..<min(count, 3)).allSatisfy({ bytes.byte(at: $0) == byteOrderMark[$0] }) {
            guard count >= 3 else { return .undecided }
            index = 3
        }
        while index < count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes.byte(at: index)) { index += 1 }
        return index == count ? .undecided : .notAList
    }

    /// The format a new file gets from its name: `.json` is JSON, `.xml` an XML property list
    /// (as `plutil -convert xml1` names one), anything else a binary plist, which the apps write.
    public static func forNewFile(named path: String) -> FileFormat {
        let name = path.lowercased()
        if name.hasSuffix(".json") { return .json }
        return name.hasSuffix(".xml") ? .xmlPlist : .binaryPlist
    }
}
