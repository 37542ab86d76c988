import Foundation
import Testing

@testable import DirectoryCore

/// What `JSONRecordReader` makes of well-formed files.
struct JSONRecordReaderTests {
    private let id1 = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    private let id2 = "0B8C1D2E-3F40-4152-8637-48596A7B8C9D"

    @Test("reads people and detects the kind")
    func readsPeopleAndDetectsTheSchema() throws {
        let text =
            #"[{"office":"Steitz 131","id":"\#(id1)","name":"Acacia Ackles"},{"name":"Joe","id":"\#(id2)","office":""}]"#
        let (kind, records) = try JSONTestSupport.read(Array(text.utf8))
        #expect(kind == .person)
        #expect(
            records == [
                Record(id: try #require(RecordID(id1)), values: [.text("Acacia Ackles"), .text("Steitz 131")]),
                Record(id: try #require(RecordID(id2)), values: [.text("Joe"), .text("")]),
            ])
    }

    @Test("reads bucket items with integer and fractional dates")
    func readsBucketItemsWithIntegerAndFractionalDates() throws {
        let text = #"""
            [{"id":"\#(id1)","name":"Skydive","note":"","completedDate":-63114076800},
             {"id":"\#(id2)","name":"Paris","note":"n","completedDate":694224000.123456789}]
            """#
        let (kind, records) = try JSONTestSupport.read(Array(text.utf8))
        #expect(kind == .bucket)
        #expect(records.map { $0.values[2] } == [.date(-63_114_076_800), .date(694_224_000.123456789)])
    }

    @Test("accepts a byte order mark and white space everywhere")
    func acceptsByteOrderMarkAndWhiteSpaceEverywhere() throws {
        let text = "\u{FEFF} \n\t[ \r\n{ \"id\" :\t\"\(id1)\" , \"name\" : \"x\" } \n] \n"
        let (_, records) = try JSONTestSupport.read(Array(text.utf8))
        #expect(records.count == 1)
        #expect(records[0].values == [.text("x"), .text("")])
    }

    @Test("keys guessed from the last record read as scanned ones: new orders, white space, unknown and repeated keys")
    func guessedKeysReadAsScannedOnes() throws {
        let ids = (0..<6).map { String(format: "%08X-C36C-495A-93FC-0C247A3E6E5F", $0) }
        let members = [
            #"{"id":"\#(ids[0])","name":"A","office":"x"}"#,
            #"{"id":"\#(ids[1])","name":"B","office":"y"}"#,
            #"{"office":"z","name":"C","id":"\#(ids[2])"}"#,
            #"{"id":"\#(ids[3])","name" :"D", "office":"w"}"#,
            #"{"id":"\#(ids[4])","nick":"q","name":"E","office":"v"}"#,
            #"{"id":"\#(ids[5])","name":"F","office":"u"}"#,
        ]
        let (_, records) = try JSONTestSupport.read(Array(("[" + members.joined(separator: ",") + "]").utf8))
        // Each record read alone, where no key can be guessed.
        let alone = try members.map { try JSONTestSupport.read(Array("[\($0)]".utf8)).records[0] }
        #expect(records == alone)
        #expect(records.map { $0.values[0] } == ["A", "B", "C", "D", "E", "F"].map { .text($0) })
        #expect(records[4].extras.map(\.key) == ["nick"])
        let repeated = members[0] + "," + #"{"id":"\#(ids[1])","name":"B","name":"b"}"#
        #expect(JSONTestSupport.readError("[" + repeated + "]")?.message.contains("the key 'name' twice") == true)
    }

    @Test("reads an empty array")
    func readsAnEmptyArray() throws {
        let (kind, records) = try JSONTestSupport.read(Array(" [ ] ".utf8))
        #expect(kind == .person)
        #expect(records.isEmpty)
    }

    @Test("decodes every escape and surrogate pairs")
    func decodesEveryEscapeAndSurrogatePairs() throws {
        let text = #"[{"id":"\#(id1)","name":"\"\\\/\b\f\n\r\t\u0000\u00e9\u00E9\ud83d\ude00\u2028x","office":"a\/b"}]"#
        let (_, records) = try JSONTestSupport.read(Array(text.utf8))
        #expect(records[0].values[0] == .text("\"\\/\u{8}\u{C}\n\r\t\u{0}éé😀\u{2028}x"))
        #expect(records[0].values[1] == .text("a/b"))
    }

    @Test("keeps raw UTF-8 as it is")
    func keepsRawUTF8AsIs() throws {
        let name = "Zoë e\u{301} 李 👩‍👩‍👧‍👦 🇨🇦 \u{7F}\u{2029}"
        let text = #"[{"id":"\#(id1)","name":"\#(name)"}]"#
        let (_, records) = try JSONTestSupport.read(Array(text.utf8))
        #expect(records[0].values[0] == .text(name))
        #expect(records[0].values[0].text?.utf8.elementsEqual(name.utf8) == true)
    }

    @Test("keeps unknown keys with nested values in file order")
    func keepsUnknownKeysWithNestedValuesInFileOrder() throws {
        let text = #"""
            [{"id":"\#(id1)","zeta":{"b":[1,-2,3.5,true,false,null,"s",[],{}],"a":{"x":-0}},"name":"n","alpha":1e2}]
            """#
        let (_, records) = try JSONTestSupport.read(Array(text.utf8))
        #expect(
            records[0].extras == [
                KeyedValue(
                    "zeta",
                    .dictionary([
                        KeyedValue(
                            "b",
                            .array([
                                .integer(1), .integer(-2), .numberText("3.5"), .bool(true), .bool(false), .null,
                                .string("s"),
                                .array([]), .dictionary([]),
                            ])),
                        KeyedValue("a", .dictionary([KeyedValue("x", .numberText("-0"))])),
                    ])),
                KeyedValue("alpha", .numberText("1e2")),
            ])
    }

    @Test(
        "reads numbers as integer or real",
        arguments: [
            ("0", PropertyValue.integer(0)),
            ("-0", .numberText("-0")),
            ("9223372036854775807", .integer(.max)),
            ("-9223372036854775808", .integer(.min)),
            ("9223372036854775808", .numberText("9223372036854775808")),
            ("-9223372036854775809", .numberText("-9223372036854775809")),
            ("12345678901234567890123", .numberText("12345678901234567890123")),
            ("1.0", .numberText("1.0")),
            ("1E2", .numberText("1E2")),
            ("1e-07", .numberText("1e-07")),
            ("1e+20", .numberText("1e+20")),
            ("0.1", .numberText("0.1")),
            ("5e-324", .numberText("5e-324")),
            ("1e-400", .numberText("1e-400")),
            ("1.7976931348623157e308", .numberText("1.7976931348623157e308")),
            ("0.30000000000000004", .numberText("0.30000000000000004")),
            ("694224000.123456789", .numberText("694224000.123456789")),
        ])
    func readsNumbersAsIntegerOrReal(literal: String, expected: PropertyValue) throws {
        let text = #"[{"id":"\#(id1)","n":\#(literal)}]"#
        let (_, records) = try JSONTestSupport.read(Array(text.utf8), kind: .person)
        let value = try #require(records.first?.extras.first?.value)
        #expect(value == expected)
        if case .real(let number) = value, case .real(let wanted) = expected {
            #expect(number.bitPattern == wanted.bitPattern)
        }
    }

    @Test("reads into a fixed kind given in advance")
    func readsIntoAFixedSchemaGivenInAdvance() throws {
        let text = #"[{"id":"\#(id1)","name":"n","office":"o"}]"#
        let (kind, records) = try JSONTestSupport.read(Array(text.utf8), kind: .bucket)
        #expect(kind == .bucket)
        #expect(records[0].values == [.text("n"), .text(""), .date(ListKind.distantPast)])
        #expect(records[0].extras == [KeyedValue("office", .string("o"))])
    }

    @Test("accepts nesting up to the limit")
    func acceptsNestingUpToTheLimit() throws {
        // The top-level array and the record take two of the 512 levels.
        let depth = JSONScanner.maximumDepth - 2
        let text =
            #"[{"id":"\#(id1)","deep":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            + "}]"
        let (_, records) = try JSONTestSupport.read(Array(text.utf8))
        var value = try #require(records.first?.extras.first?.value)
        var levels = 0
        while case .array(let elements) = value {
            levels += 1
            guard let first = elements.first else { break }
            value = first
        }
        #expect(levels == depth)
    }
}
