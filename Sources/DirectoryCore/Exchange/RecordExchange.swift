/// Reads and writes records in the exchange formats, for `import` and `export`.
public enum RecordExchange {
    /// The records in an import file of `format`, read as `kind`.
    ///
    /// Records that cannot be read are listed in the result rather than thrown,
    /// so the caller decides whether to import the rest.
    /// - Throws: when the file as a whole cannot be read (no header row, not JSON, no card).
    public static func read(
        _ bytes: [UInt8], format: ExchangeFormat, kind: ListKind, options: ExchangeOptions,
        environment: SessionEnvironment
    ) throws(FileFormatError) -> ImportResult {
        switch format {
        case .csv:
            return try CSVRecordReader.read(
                bytes, kind: kind, separator: options.separator, environment: environment)
        case .json:
            return try JSONRecordImport.read(bytes, kind: kind, environment: environment)
        case .vcard:
            return try VCardRecordReader.read(
                bytes, kind: kind, mapping: try mapping(for: kind), environment: environment)
        }
    }

    /// The bytes of an export file of `format` holding `records`, read from the list as it
    /// is, without making a `Record` of each.
    ///
    /// - Throws: when `format` cannot hold records of `kind` (vCard and bucket lists).
    public static func write(
        _ records: RecordList, format: ExchangeFormat, kind: ListKind, options: ExchangeOptions
    ) throws(FileFormatError) -> [UInt8] {
        switch format {
        case .csv: return CSVRecordWriter.write(records, kind: kind, separator: options.separator)
        case .json: return RecordCodec.encode(records, kind: kind, format: .json)
        case .vcard: return VCardRecordWriter.write(records, mapping: try mapping(for: kind))
        }
    }

    /// The vCard mapping of `kind`, or why there is none.
    private static func mapping(for kind: ListKind) throws(FileFormatError) -> VCardMapping {
        guard let mapping = VCardMapping(kind: kind) else {
            throw FileFormatError("vCard holds people; a \(kind.name) list can use csv or json")
        }
        return mapping
    }
}
