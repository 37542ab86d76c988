/// The formats `import` and `export` speak, besides the apps' own files.
public enum ExchangeFormat: String, Sendable, Equatable, CaseIterable {
    /// RFC 4180 comma-separated values with a header row, as spreadsheets read and write them.
    case csv
    /// The app's own JSON file format: an export is also a file the app can open.
    case json
    /// vCard (RFC 6350 4.0 written; 3.0 and 4.0 read), as address books exchange contacts.
    case vcard

    /// The name in messages: "CSV", "JSON", "vCard".
    public var displayName: String {
        switch self {
        case .csv: return "CSV"
        case .json: return "JSON"
        case .vcard: return "vCard"
        }
    }

    /// Whether records of `kind` can be written and read in this format:
    /// vCard holds contacts, so it is for people only.
    public func supports(_ kind: ListKind) -> Bool {
        self != .vcard || VCardMapping(kind: kind) != nil
    }

    /// The formats that can hold records of `kind`, for messages.
    public static func supported(by kind: ListKind) -> [ExchangeFormat] {
        allCases.filter { $0.supports(kind) }
    }
}

/// How `import` and `export` treat a file, from the options on their line.
public struct ExchangeOptions: Equatable, Sendable {
    /// Import the good records of a file with rejected ones (`--partial`), rather than nothing.
    public var partial: Bool
    /// The CSV field separator: `,` unless `--separator` asks for `;` or a tab.
    public var separator: UInt8
    /// Replace an existing export file (`export!`) rather than refuse.
    public var replace: Bool

    /// Options with the defaults: all or nothing, comma-separated, never replacing a file.
    public init(partial: Bool = false, separator: UInt8 = UInt8(ascii: ","), replace: Bool = false) {
        self.partial = partial
        self.separator = separator
        self.replace = replace
    }

    /// The separators `--separator` accepts, by the word that names them.
    public static let separators: [(name: String, byte: UInt8)] = [
        (",", UInt8(ascii: ",")), (";", UInt8(ascii: ";")), ("tab", 0x09),
    ]

    /// The word for `separator` in a command line: `,`, `;` or `tab`.
    public var separatorName: String {
        Self.separators.first { $0.byte == separator }?.name ?? ","
    }
}
