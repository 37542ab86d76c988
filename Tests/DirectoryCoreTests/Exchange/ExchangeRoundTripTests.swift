import Testing

@testable import DirectoryCore

@Suite("Import and export: round trips")
struct ExchangeRoundTripTests {
    static let people: [Record] = [
        Record(id: RecordID(high: 1, low: 1), values: [.text("Acacia Ackles"), .text("Steitz 131")]),
        Record(id: RecordID(high: 1, low: 2), values: [.text("Zoë, \"Z\" 高橋; Jr."), .text("Briggs\n413 \\ B")]),
        Record(id: RecordID(high: 1, low: 3), values: [.text(" padded "), .text("")]),
        Record(
            id: RecordID(high: 1, low: 4),
            values: [.text(String(repeating: "Ünïcødé name ", count: 12)), .text("🏢 Steitz 131")]),
    ]

    static let items: [Record] = [
        Record(id: RecordID(high: 2, low: 1), values: [.text("Skydive"), .text(""), .date(ListKind.distantPast)]),
        Record(id: RecordID(high: 2, low: 2), values: [.text("Learn Swift"), .text("a, b"), .date(799_286_400.5)]),
    ]

    @Test("people exported to each format re-import to the same records", arguments: ExchangeFormat.allCases)
    func peopleRoundTrip(_ format: ExchangeFormat) throws {
        let bytes = try RecordExchange.write(RecordList(Self.people), format: format, kind: .person, options: .init())
        let result = try RecordExchange.read(
            bytes, format: format, kind: .person, options: .init(), environment: .fixed())
        #expect(result.rejected.isEmpty)
        #expect(result.records == Self.people)
    }

    @Test("bucket lists round-trip through CSV and JSON, dates included", arguments: [ExchangeFormat.csv, .json])
    func bucketRoundTrip(_ format: ExchangeFormat) throws {
        let bytes = try RecordExchange.write(RecordList(Self.items), format: format, kind: .bucket, options: .init())
        let result = try RecordExchange.read(
            bytes, format: format, kind: .bucket, options: .init(), environment: .fixed())
        #expect(result.records == Self.items)
    }

    @Test("semicolon-separated CSV round-trips when asked for both ways")
    func semicolonRoundTrip() throws {
        let options = ExchangeOptions(separator: UInt8(ascii: ";"))
        let bytes = try RecordExchange.write(RecordList(Self.people), format: .csv, kind: .person, options: options)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("id;name;office\r\n"))
        let result = try RecordExchange.read(
            bytes, format: .csv, kind: .person, options: options, environment: .fixed())
        #expect(result.records == Self.people)
    }

    @Test("the JSON export is exactly the app's file format")
    func jsonExportIsAppFile() throws {
        let bytes = try RecordExchange.write(RecordList(Self.people), format: .json, kind: .person, options: .init())
        #expect(bytes == RecordCodec.encode(Self.people, kind: .person, format: .json))
    }

    @Test("vCard refuses bucket lists, naming the formats that work")
    func vcardIsForPeople() {
        #expect(!ExchangeFormat.vcard.supports(.bucket))
        #expect(ExchangeFormat.supported(by: .bucket) == [.csv, .json])
        #expect(throws: FileFormatError.self) {
            try RecordExchange.write(RecordList(Self.items), format: .vcard, kind: .bucket, options: .init())
        }
    }
}
