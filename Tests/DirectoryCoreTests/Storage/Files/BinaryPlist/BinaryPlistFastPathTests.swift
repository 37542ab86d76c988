import Foundation
import Testing

@testable import DirectoryCore

/// The binary plist reader's fast paths (keys matched once per key object, ids parsed
/// from their bytes, shared strings decoded once) and the writer's (ASCII strings
/// encoded on the stack, repeated values found in a dense table) give what Foundation
/// gives, and errors read as in the general path.
struct BinaryPlistFastPathTests {
    typealias TestData = BinaryPlistTestData

    static let firstID = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

    /// A string object of any ASCII length.
    static func string(_ text: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        return utf8.count < 15 ? [0x50 | UInt8(utf8.count)] + utf8 : [0x5F, 0x10, UInt8(utf8.count)] + utf8
    }

    /// A file of two people: the first plain, the second a dictionary of `pairs`
    /// (key object, value object), where objects 2, 3 and 4 are "id", "name" and "office".
    static func file(secondRecord pairs: [(key: Int, value: [UInt8])]) -> [UInt8] {
        var objects: [[UInt8]] = [
            [0xA2, 1, 8], [0xD3, 2, 3, 4, 5, 6, 7], string("id"), string("name"), string("office"),
            string(firstID), string("Ann"), string("Briggs 413"),
        ]
        let firstValue = 9
        var dictionary: [UInt8] = [0xD0 | UInt8(pairs.count)]
        dictionary += pairs.map { UInt8($0.key) }
        dictionary += pairs.indices.map { UInt8(firstValue + $0) }
        objects.append(dictionary)
        objects += pairs.map(\.value)
        return TestData.assemble(objects)
    }

    static func error(_ bytes: [UInt8], kind: ListKind? = nil) -> String? {
        do {
            _ = try TestData.decode(bytes, kind: kind)
            return nil
        } catch {
            return (error as? FileFormatError)?.message ?? "\(error)"
        }
    }

    @Test("a second record reads through the fast path as the first does")
    func secondRecordReads() throws {
        let bytes = Self.file(secondRecord: [
            (4, Self.string("Steitz 131")), (2, Self.string("0f2a6c1e-5b7d-4c8e-9a3b-1d2e3f405162")),
            (3, [0x63, 0x00, 0x5A, 0x00, 0x6F, 0x00, 0xEB]),
        ])
        for kind in [nil, ListKind.person] {
            let records = try TestData.decode(bytes, kind: kind).records
            #expect(records.count == 2)
            #expect(records[1].id == RecordID("0F2A6C1E-5B7D-4C8E-9A3B-1D2E3F405162"))
            #expect(records[1].values == [.text("Zoë"), .text("Steitz 131")])
        }
    }

    @Test(
        "a bad id, a repeated key or a value of the wrong type in a second record is refused in the general path's words",
        arguments: [
            ([(2, string("not-a-uuid"))], #"record 2: 'id' is not a UUID: "not-a-uuid""#),
            (
                [(2, string("E621E1F8-C36C-495A-93FC-0C247A3E6E5Z"))],
                #"record 2: 'id' is not a UUID: "E621E1F8-C36C-495A-93FC-0C247A3E6E5Z""#
            ),
            ([(2, [0x10, 0x07])], "record 2: 'id' is an integer, expected a UUID string"),
            (
                [(2, [0x6F, 0x10, 36] + Array(repeating: [0x00, 0x41], count: 36).joined())],
                #"record 2: 'id' is not a UUID: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA""#
            ),
            ([(2, string(firstID)), (3, string("A")), (3, string("B"))], "record 2 has the key 'name' twice"),
            (
                [(2, string(firstID)), (3, [0x33] + Array(repeating: 0, count: 8))],
                "record 2: 'name' is a date, expected a string"
            ),
            ([(3, string("A"))], "record 2 has no 'id'"),
        ])
    func refusesBadSecondRecords(pairs: [(Int, [UInt8])], message: String) {
        let bytes = Self.file(secondRecord: pairs.map { (key: $0.0, value: $0.1) })
        #expect(Self.error(bytes) == message)
        #expect(Self.error(bytes, kind: .person) == message)
    }

    @Test("text where a bucket item has its date is refused in the general path's words")
    func refusesTextInADateField() throws {
        let items = TestData.bucketItems(2)
        var records = TestData.records(items)
        records[1].values[2] = .text("tomorrow")
        // The writer writes what it is given; the reader must refuse it for a bucket list.
        let written = BinaryPlistRecordWriter.write(records, kind: .bucket)
        let message = Self.error(written, kind: .bucket)
        #expect(message == "record 2: 'completedDate' is a string, expected a date (seconds since 2001)")
    }

    @Test("values shared between records, ASCII and UTF-16, read as PropertyListDecoder reads them")
    func sharedValuesReadAsFoundation() throws {
        let offices = ["Sampson House 429", "Björklunden 243 — Ω 😀", "Short", "東京都千代田区丸の内", ""]
        var generator = TestData.Generator(state: 41)
        let people = (0..<3_000).map { index in
            TestData.Person(
                id: TestData.uuid(&generator), name: index % 2 == 0 ? "Søren Thompson" : offices[index % 5],
                office: offices[(index / 3) % 5])
        }
        let bytes = [UInt8](try PropertyListEncoder().encode(people))
        let decoded = try PropertyListDecoder().decode([TestData.Person].self, from: Data(bytes))
        for kind in [nil, ListKind.person] {
            #expect(try TestData.decode(bytes, kind: kind).records == TestData.records(decoded))
        }
    }

    @Test("records with more distinct keys than the key cache holds read as PropertyListSerialization reads them")
    func manyDistinctKeysRead() throws {
        let records = (0..<200).map { index in
            Record(
                id: RecordID(high: 0x1234_5678_9ABC_4DEF, low: 0x8123_4567_89AB_0000 + UInt64(index)),
                values: [.text("Person \(index % 7)"), .text("Briggs \(index % 3)")],
                extras: [KeyedValue("zKey\(index)", .integer(Int64(index))), KeyedValue("zShared", .string("x"))])
        }
        let written = BinaryPlistRecordWriter.write(records, kind: .person)
        #expect(try TestData.decode(written).records == records)
        let expected = records.map { BinaryPlistFoundationBridge.object($0, kind: .person) }
        #expect(try BinaryPlistFoundationBridge.xml(reading: written) == BinaryPlistFoundationBridge.xml(expected))
    }

    @Test(
        "ASCII strings of every header form, repeated, are written as PropertyListEncoder writes them",
        arguments: [14, 15, 255, 256, 1_023, 1_024, 1_025, 70_000])
    func asciiLengthsMatchFoundation(length: Int) throws {
        var generator = TestData.Generator(state: UInt64(length))
        let long = String(repeating: "abcdefghij", count: length / 10 + 1).prefix(length)
        let people = (0..<6).map { index in
            TestData.Person(
                id: TestData.uuid(&generator), name: index % 2 == 0 ? String(long) : String(long.dropLast()) + "é",
                office: index < 3 ? String(long) : "Briggs 413")
        }
        let expected = [UInt8](try PropertyListEncoder().encode(people))
        #expect(BinaryPlistRecordWriter.write(TestData.records(people), kind: .person) == expected)
    }

    @Test("a slice of a list is written as that list would be")
    func writesASlice() throws {
        let records = TestData.records(TestData.people(50))
        let slice = records[10..<30]
        #expect(
            BinaryPlistRecordWriter.write(slice, kind: .person)
                == BinaryPlistRecordWriter.write(Array(slice), kind: .person))
        var joined: [UInt8] = []
        RecordCodec.encode(RecordList(slice), kind: .person, format: .binaryPlist) { piece in
            for offset in 0..<piece.byteCount { joined.append(piece.byte(at: offset)) }
        }
        #expect(joined == BinaryPlistRecordWriter.write(Array(slice), kind: .person))
    }

    @Test("the string cache gives back only what it was given for that object")
    func stringCacheKeepsObjectsApart() {
        var cache = BinaryPlistStringCache(slots: 1)
        #expect(cache.string(5) == nil)
        cache.remember("Sampson House 429", for: 5)
        #expect(cache.string(5) == "Sampson House 429")
        #expect(cache.string(6) == nil)
        cache.remember("Zoë", for: 6)
        #expect(cache.string(5) == nil)
        #expect(cache.string(6) == "Zoë")
    }
}
