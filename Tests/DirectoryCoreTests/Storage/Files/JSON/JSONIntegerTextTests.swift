import Testing

@testable import DirectoryCore

@Suite("JSON: whole numbers too large for 64 bits")
struct JSONIntegerTextTests {
    static let texts = ["18446744073709551616", "-9223372036854775809", "123456789012345678901234567890"]

    @Test("are read as their text and written back digit for digit; 64-bit ones stay integers")
    func keptAsText() throws {
        let json =
            "[{\"id\":\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\",\"name\":\"A\",\"office\":\"\",\"n\":["
            + Self.texts.joined(separator: ",") + ",9223372036854775807,1e2]}]"
        let bytes = Array(json.utf8)
        let decoded = try RecordCodec.decode(RawSpan(_elements: bytes.span), format: .json, kind: .person)
        let extra = try #require(decoded.records.first?.extras.first)
        #expect(
            extra.value
                == .array(
                    Self.texts.map(PropertyValue.numberText) + [
                        .integer(9_223_372_036_854_775_807), .numberText("1e2"),
                    ]))
        let written = String(
            decoding: RecordCodec.encode(decoded.records, kind: .person, format: .json), as: UTF8.self)
        #expect(written.contains("[" + Self.texts.joined(separator: ",") + ",9223372036854775807,1e2]"), "\(written)")
    }

    @Test("an XML property list gets the digits as a real, and a number past Double's range is still refused")
    func plistsAndRange() throws {
        let record = Record(
            id: RecordID(high: 1, low: 2), values: [.text("A"), .text("")],
            extras: [KeyedValue("n", .numberText("18446744073709551616"))])
        let xml = String(decoding: RecordCodec.encode([record], kind: .person, format: .xmlPlist), as: UTF8.self)
        #expect(xml.contains("<real>18446744073709551616</real>"), "\(xml)")
        let huge =
            "[{\"id\":\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\",\"n\":1" + String(repeating: "0", count: 400) + "}]"
        #expect(throws: FileFormatError.self) {
            _ = try RecordCodec.decode(RawSpan(_elements: Array(huge.utf8).span), format: .json, kind: .person)
        }
    }
}
