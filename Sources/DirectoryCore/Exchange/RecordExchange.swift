/// Reads and writes records in the exchange formats, for `import` and `export`.
public enum RecordExchange {
    /// The records in an import file of `format`, read as `schema`.
    ///
    /// Records that cannot be read are listed in the result rather than thrown,
    /// so the caller decides whether to import the rest.
    /// - Throws: when the file as a whole cannot be read (no header row, not JSON, no card).
    public static func read(
        _ bytes: [UInt8], format: ExchangeFormat, schema: RecordSchema, options: ExchangeOptions,
        environment: SessionEnvironment
    ) throws(FileFormatError) -> ImportResult {
        switch format {
        case .csv:
            return try CSVRecordReader.read(
                bytes, schema: schema, separator: options.separator, environment: environment)
        case .json:
            return try JSONRecordImport.read(bytes, schema: schema, environment: environment)
        case .vcard:
            return try VCardRecordReader.read(
                bytes, schema: schema, mapping: try mapping(for: schema), environment: environment)
        }
    }

    /// The bytes of an export file of `format` holding `records`, read from the list as it
    /// is, without making a `Record` of each.
    ///
    /// - Throws: when `format` cannot hold records of `schema` (vCard and bucket lists).
    public static func write(
        _ records: RecordList, format: ExchangeFormat, schema: RecordSchema, options: ExchangeOptions
    ) throws(FileFormatError) -> [UInt8] {
        switch format {
        case .csv: return CSVRecordWriter.write(records, schema: schema, separator: options.separator)
        case .json: return RecordCodec.encode(records, schema: schema, format: .json)
        case .vcard: return VCardRecordWriter.write(records, mapping: try mapping(for: schema))
        }
    }

    /// The vCard mapping of `schema`, or why there is none.
    private static func mapping(for schema: RecordSchema) throws(FileFormatError) -> VCardMapping {
        guard let mapping = VCardMapping(schema: schema) else {
            throw FileFormatError("vCard holds people; a \(schema.name) list can use csv or json")
        }
        return mapping
    }
}
