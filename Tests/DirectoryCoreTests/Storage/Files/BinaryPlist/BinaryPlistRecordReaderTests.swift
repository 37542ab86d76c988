import Foundation
import Testing

@testable import DirectoryCore

/// What Foundation writes as a binary plist, `BinaryPlistRecordReader` reads with the same values.
struct BinaryPlistRecordReaderTests {
    typealias TestData = BinaryPlistTestData

    @Test("reads people written by PropertyListEncoder")
    func readsPeopleWrittenByPropertyListEncoder() throws {
        let people = TestData.people(200)
        let bytes = [UInt8](try PropertyListEncoder().encode(people))
        let (kind, records) = try TestData.decode(bytes)
        #expect(kind == .person)
        #expect(records == TestData.records(people))
    }

    @Test("reads bucket items written by PropertyListEncoder")
    func readsBucketItemsWrittenByPropertyListEncoder() throws {
        let items = TestData.bucketItems(120)
        let bytes = [UInt8](try PropertyListEncoder().encode(items))
        let (kind, records) = try TestData.decode(bytes)
        #expect(kind == .bucket)
        #expect(records == TestData.records(items))
    }

    @Test("reads the committed fixture")
    func readsTheCommittedFixture() throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/people-binary", withExtension: "plist"))
        let bytes = [UInt8](try Data(contentsOf: url))
        let (kind, records) = try TestData.decode(bytes)
        #expect(kind == .person)
        #expect(
            records.map(\.id.description) == [
                "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "0F2E6C3B-8A41-4C7D-9E55-3B1D2A9F7C10",
                "9B7D4E21-5C3A-4F8B-A1D6-7E2F0C9B3A54",
            ])
        #expect(records.map(\.values) == ListKind.person.samples)
    }

    @Test("reads an empty list")
    func readsAnEmptyList() throws {
        let bytes = [UInt8](try PropertyListEncoder().encode([TestData.Person]()))
        let (kind, records) = try TestData.decode(bytes, kind: nil)
        #expect(kind == .person)
        #expect(records.isEmpty)
    }

    /// 70,000 records need 3-byte references and offsets, as Foundation counts them.
    @Test("reads large lists with wide references and offsets")
    func readsLargeListsWithWideReferencesAndOffsets() throws {
        let people = TestData.people(70_000)
        let bytes = [UInt8](try PropertyListEncoder().encode(people))
        let trailer = try BinaryPlistTrailer(validating: bytes.span)
        #expect(trailer.objectRefSize == 3)
        #expect(trailer.offsetIntSize == 3)
        let (_, records) = try TestData.decode(bytes)
        #expect(records == TestData.records(people))
    }

    @Test("reads unknown keys of every type written by PropertyListSerialization")
    func readsUnknownKeysOfEveryTypeWrittenByPropertyListSerialization() throws {
        let record = Record(
            id: RecordID(high: 0x1234_5678_9ABC_4DEF, low: 0x8123_4567_89AB_CDEF),
            values: [.text("Joe Gregg"), .text("Briggs 413")], extras: BinaryPlistFoundationBridge.sampleExtras)
        let object = [BinaryPlistFoundationBridge.object(record, kind: .person)]
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let (_, records) = try TestData.decode([UInt8](data), kind: .person)
        let read = try #require(records.first)
        #expect(read.id == record.id)
        #expect(read.values == record.values)
        let sortedExtras = { (extras: [KeyedValue]) in
            BinaryPlistFoundationBridge.sorted(.dictionary(extras))
        }
        #expect(sortedExtras(read.extras) == sortedExtras(record.extras))
    }

    @Test("reads strings shared between keys and values")
    func readsStringsSharedBetweenKeysAndValues() throws {
        // CF uniques equal strings: here "name" is both a key and a value, and one
        // office object is shared by two records.
        let people = [
            TestData.Person(id: UUID(), name: "name", office: "Briggs 413"),
            TestData.Person(id: UUID(), name: "id", office: "Briggs 413"),
        ]
        let bytes = [UInt8](try PropertyListEncoder().encode(people))
        let (_, records) = try TestData.decode(bytes)
        #expect(records == TestData.records(people))
    }

    @Test("reads a set at the top like an array")
    func readsASetAtTheTopLikeAnArray() throws {
        let bytes = TestData.assemble([
            [0xC1, 1], [0xD1, 2, 3], TestData.ascii("id"),
            [0x5F, 0x10, 36] + Array("E621E1F8-C36C-495A-93FC-0C247A3E6E5F".utf8),
        ])
        let (_, records) = try TestData.decode(bytes, kind: .person)
        #expect(records.map(\.id.description) == ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"])
    }

    @Test("reads 16-byte integers that fit")
    func readsSixteenByteIntegersThatFit() throws {
        let id = Array("E621E1F8-C36C-495A-93FC-0C247A3E6E5F".utf8)
        let bytes = TestData.assemble([
            [0xA1, 1], [0xD2, 2, 3, 4, 5], TestData.ascii("id"), TestData.ascii("count"), [0x5F, 0x10, 36] + id,
            [0x14] + TestData.bigEndian(0) + TestData.bigEndian(123_456),
        ])
        let (_, records) = try TestData.decode(bytes, kind: .person)
        #expect(records.first?.extras == [KeyedValue("count", .integer(123_456))])
    }

    @Test("reads 4-byte reals and null as extras")
    func readsFourByteRealsAndNullAsExtras() throws {
        let id = Array("E621E1F8-C36C-495A-93FC-0C247A3E6E5F".utf8)
        let bytes = TestData.assemble([
            [0xA1, 1], [0xD3, 2, 3, 4, 5, 6, 7], TestData.ascii("id"), TestData.ascii("f"), TestData.ascii("n"),
            [0x5F, 0x10, 36] + id, [0x22, 0x3F, 0xC0, 0, 0], [0x00],
        ])
        let (_, records) = try TestData.decode(bytes, kind: .person)
        #expect(records.first?.extras == [KeyedValue("f", .float(1.5)), KeyedValue("n", .null)])
    }
}
