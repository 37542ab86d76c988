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
    public static func sniff(_ bytes: UnsafeRawBufferPointer) -> FileFormat? {
        let magic: [UInt8] = Array("bplist".utf8)
        if bytes.count >= magic.count, zip(bytes.prefix(magic.count), magic).allSatisfy({ $0 == $1 }) {
            return .binaryPlist
        }
        var index = 0
        // Skip a UTF-8 byte order mark and white space.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "<"): return .xmlPlist
        case UInt8(ascii: "["), UInt8(ascii: "{"): return .json
        default: return nil
        }
    }

    /// The format a new file gets from its name: `.json` is JSON, anything else a binary plist.
    public static func forNewFile(named path: String) -> FileFormat {
        path.lowercased().hasSuffix(".json") ? .json : .binaryPlist
    }
}
