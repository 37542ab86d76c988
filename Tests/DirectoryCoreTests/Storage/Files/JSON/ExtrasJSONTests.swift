import Testing

@testable import DirectoryCore

@Suite("Unknown keys as one JSON object")
struct ExtrasJSONTests {
    @Test("every kind of value comes back as it went, dates and data included")
    func roundTrip() throws {
        let extras = [
            KeyedValue("text", .string("a \"quoted\" / line\nbreak")), KeyedValue("count", .integer(-7)),
            KeyedValue("ratio", .real(2.0)), KeyedValue("flag", .bool(true)), KeyedValue("nothing", .null),
            KeyedValue("when", .date(695_952_123.456789)), KeyedValue("blob", .data([0, 1, 254, 255])),
            KeyedValue(
                "nested", .dictionary([KeyedValue("list", .array([.date(0), .string("x"), .dictionary([])]))])),
        ]
        var bytes: [UInt8] = []
        ExtrasJSON.encode(extras, to: &bytes)
        let decoded = try bytes.span.withRawBytes { try ExtrasJSON.decode($0) }
        #expect(decoded == extras)
    }

    @Test("no keys is an empty object; a JSON value that is not an object is refused")
    func emptyAndInvalid() throws {
        var bytes: [UInt8] = []
        ExtrasJSON.encode([], to: &bytes)
        #expect(bytes == Array("{}".utf8))
        #expect(throws: FileFormatError.self) { try "[1]".utf8.span.withRawBytes { try ExtrasJSON.decode($0) } }
        #expect(throws: FileFormatError.self) { try "{} x".utf8.span.withRawBytes { try ExtrasJSON.decode($0) } }
    }
}
