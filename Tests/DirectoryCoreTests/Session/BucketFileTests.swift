import Foundation
import Testing

@testable import DirectoryCore

@Suite("Bucket list files")
struct BucketFileTests {
    /// The fixture in the Bucket List app's format: distantPast, a fractional date,
    /// an item without `note`, and an item with keys the app version does not know.
    static func fixture() throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/bucketList", withExtension: "json"))
        return Array(try Data(contentsOf: url))
    }

    static func decode(_ bytes: [UInt8], kind: ListKind? = nil) throws -> (ListKind, [Record]) {
        let decoded = try RecordCodec.decode(RawSpan(_elements: bytes.span), format: .json, kind: kind)
        return (decoded.kind, decoded.records.array)
    }

    @Test("the app's file reads as a bucket list, tolerating a missing note and keeping unknown keys")
    func readsAppFile() throws {
        let (kind, records) = try Self.decode(try Self.fixture())
        #expect(kind == .bucket)
        #expect(records.count == 4)
        #expect(records[0].values[2] == .date(ListKind.distantPast))
        #expect(records[1].values[2] == .date(695_952_123.456789))
        #expect(records[2].values[1] == .text(""))
        #expect(records[3].extras.map(\.key) == ["priority", "tags", "photo"])
        #expect(records[3].extras[0].value == .integer(3))
    }

    @Test("a round trip keeps every key of every item, unknown keys and number types included")
    func roundTripKeepsEveryKey() throws {
        let original = try Self.fixture()
        let (kind, records) = try Self.decode(original)
        let written = RecordCodec.encode(records, kind: kind, format: .json)
        let before = try JSONSerialization.jsonObject(with: Data(original)) as? [NSDictionary]
        let after = try JSONSerialization.jsonObject(with: Data(written)) as? [NSDictionary]
        // The item without `note` gains `note: ""`, as the app itself would write it.
        let expected = before?.enumerated().map { index, item -> NSDictionary in
            guard index == 2, let copy = item.mutableCopy() as? NSMutableDictionary else { return item }
            copy["note"] = ""
            return copy
        }
        #expect(after == expected)
        #expect(String(decoding: written, as: UTF8.self).contains("\"priority\":3,"))
    }

    @Test("JSONDecoder reads what is written as the app's BucketItem")
    func appDecodesWrittenFile() throws {
        struct BucketItem: Codable {
            var id: UUID
            var name: String
            var note: String
            var completedDate: Date
        }
        let (kind, records) = try Self.decode(try Self.fixture())
        let items = try JSONDecoder().decode(
            [BucketItem].self, from: Data(RecordCodec.encode(records, kind: kind, format: .json)))
        #expect(items.map(\.name) == ["See the northern lights", "Learn to juggle", "Run a marathon", "Visit Kyoto"])
        #expect(items[0].completedDate == .distantPast)
        #expect(items[1].completedDate.timeIntervalSinceReferenceDate == 695_952_123.456789)
    }

    @Test("people files are recognised by their keys, whatever their name")
    func kindFromRecords() throws {
        let people = Array(#"[{"id":"11111111-2222-4333-8444-555555555555","name":"A","office":"B"}]"#.utf8)
        #expect(try Self.decode(people).0 == .person)
        let empty = Array("[]".utf8)
        #expect(
            try RecordCodec.decode(RawSpan(_elements: empty.span), format: .json, kind: nil, fallback: .bucket)
                .kind == .bucket)
    }
}
