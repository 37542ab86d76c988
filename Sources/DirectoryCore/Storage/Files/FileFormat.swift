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
    public static func sniffStart(_ bytes: UnsafeRawBufferPointer, complete: Bool) -> Start {
        if let format = sniff(bytes) { return .format(format) }
        if complete { return .notAList }
        let magic: [UInt8] = Array("bplist".utf8)
        if bytes.count < magic.count, zip(bytes, magic).allSatisfy({ $0 == $1 }) { return .undecided }
        var index = 0
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if zip(bytes.prefix(3), byteOrderMark).allSatisfy({ $0 == $1 }) {
            guard bytes.count >= 3 else { return .undecided }
            index = 3
        }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index == bytes.count ? .undecided : .notAList
    }

    /// The format a new file gets from its name: `.json` is JSON, anything else a binary plist.
    public static func forNewFile(named path: String) -> FileFormat {
        path.lowercased().hasSuffix(".json") ? .json : .binaryPlist
    }
}
