import Foundation
import Testing

@testable import DirectoryCore

/// `XMLPlistRecordWriter` writes what Foundation writes, and Foundation reads it back.
struct XMLPlistRecordWriterTests {
    typealias Data_ = XMLPlistTestData

    /// A person with extra keys that sort after `office`, so that Foundation's
    /// sorted key order equals the writer's order.
    struct PersonWithExtras: Codable {
        var id: UUID
        var name: String
        var office: String
        var zBlob: Data
        var zList: [[Data]]
        var zNumbers: [Double]
        var zWhen: Date
    }

    @Test("writes people byte for byte as PropertyListEncoder does")
    func writesPeopleByteForByteAsPropertyListEncoder() throws {
        let people = Data_.people(200, seed: 3).map { person in
            // Foundation writes a carriage return raw; this writer escapes it.
            var person = person
            person.name = person.name.replacingOccurrences(of: "\r", with: "")
            person.office = person.office.replacingOccurrences(of: "\r", with: "")
            return person
        }
        let written = XMLPlistRecordWriter.write(people.map(Data_.record), kind: .person)
        #expect(written == (try Data_.foundationXML(people)))
        let fixture = try #require(Bundle.module.url(forResource: "Fixtures/people-xml", withExtension: "plist"))
        let sample = XMLPlistRecordWriter.write(Data_.samplePeople.map(Data_.record), kind: .person)
        #expect(sample == Array(try Data(contentsOf: fixture)))
        #expect(XMLPlistRecordWriter.write([], kind: .person) == (try Data_.foundationXML([Data_.Person]())))
    }

    @Test("writes data, reals and dates byte for byte as PropertyListEncoder does")
    func writesDataRealsAndDatesByteForByteAsPropertyListEncoder() throws {
        let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let blob = Data((0..<301).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let value = PersonWithExtras(
            id: id, name: "A", office: "B", zBlob: blob,
            zList: [[Data(), Data([1]), Data([1, 2]), blob], [blob.prefix(100)]],
            zNumbers: [0.1, 3, -0.0, 1e300, .leastNonzeroMagnitude, .infinity, -.infinity, 123_456_789.125],
            zWhen: Date(timeIntervalSinceReferenceDate: -63_114_076_800.25))
        let record = Record(
            id: try #require(RecordID(id.uuidString)), values: [.text("A"), .text("B")],
            extras: [
                KeyedValue("zBlob", .data(Array(blob))),
                KeyedValue(
                    "zList",
                    .array([
                        .array([.data([]), .data([1]), .data([1, 2]), .data(Array(blob))]),
                        .array([.data(Array(blob.prefix(100)))]),
                    ])),
                KeyedValue("zNumbers", .array(value.zNumbers.map { PropertyValue.real($0) })),
                KeyedValue("zWhen", .date(-63_114_076_800.25)),
            ])
        #expect(XMLPlistRecordWriter.write([record], kind: .person) == (try Data_.foundationXML([value])))
    }

    @Test("PropertyListDecoder reads the people and bucket items written")
    func propertyListDecoderReadsWrittenPeopleAndItems() throws {
        let people = Data_.people(300, seed: 4)
        let peopleBytes = XMLPlistRecordWriter.write(people.map(Data_.record), kind: .person)
        #expect(try PropertyListDecoder().decode([Data_.Person].self, from: Data(peopleBytes)) == people)

        let items = Data_.items(300, seed: 5)
        let records = items.map { item in
            Record(
                id: RecordID(item.id.uuidString) ?? RecordID(high: 0, low: 0),
                values: [.text(item.name), .text(item.note), .date(item.completedDate.timeIntervalSinceReferenceDate)])
        }
        let itemBytes = XMLPlistRecordWriter.write(records, kind: .bucket)
        let decoded = try PropertyListDecoder().decode([Data_.BucketItem].self, from: Data(itemBytes))
        #expect(decoded.count == items.count)
        for (back, item) in zip(decoded, items) {
            #expect(back.id == item.id && back.name == item.name && back.note == item.note)
            // XML property lists hold whole seconds.
            let seconds = item.completedDate.timeIntervalSinceReferenceDate
            #expect(back.completedDate.timeIntervalSinceReferenceDate == seconds.rounded(.down))
        }
        #expect(decoded[0].completedDate == .distantPast)
        // And this reader reads its own output back to the same records, dates in whole seconds.
        let reread = try Data_.read(itemBytes, kind: .bucket)
        #expect(reread.map(\.id) == records.map(\.id))
        #expect(reread.map { $0.values[2] } == records.map { .date(($0.values[2].date ?? 0).rounded(.down)) })
    }

    @Test("PropertyListSerialization reads the extras written, and nulls are left out")
    func propertyListSerializationReadsExtrasAndNullsAreLeftOut() throws {
        let record = Record(
            id: RecordID(high: 1, low: 2), values: [.text("x\r\ny"), .text("")],
            extras: [
                KeyedValue("gone", .null), KeyedValue("n", .integer(Int64.min)), KeyedValue("t", .bool(true)),
                KeyedValue(
                    "nested",
                    .dictionary([
                        KeyedValue("a", .array([.null, .string("&<>"), .real(0.5)])), KeyedValue("b", .null),
                        KeyedValue("only null", .array([.null])),
                        KeyedValue("d", .dictionary([KeyedValue("z", .null)])),
                    ])),
            ])
        let bytes = XMLPlistRecordWriter.write([record], kind: .person)
        let plist = try unsafe PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        let dictionary = try #require((plist as? [Any])?.first as? [String: Any])
        #expect(Set(dictionary.keys) == ["id", "name", "office", "n", "t", "nested"])
        #expect(dictionary["name"] as? String == "x\r\ny")
        #expect((dictionary["n"] as? NSNumber)?.int64Value == Int64.min)
        let nested = try #require(dictionary["nested"] as? [String: Any])
        #expect(Set(nested.keys) == ["a", "only null", "d"])
        #expect((nested["a"] as? [Any])?.first as? String == "&<>")
        #expect((nested["only null"] as? [Any])?.isEmpty == true)
        #expect((nested["d"] as? [String: Any])?.isEmpty == true)
        let reread = try Data_.read(bytes, kind: .person)
        #expect(reread.first?.values == record.values)
    }
}
