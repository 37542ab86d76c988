import Foundation
import Testing

@testable import DirectoryCore

/// What `BinaryPlistRecordWriter` writes, Foundation reads with the same
/// values; for the apps' own records it is byte for byte what
/// `PropertyListEncoder` writes.
struct BinaryPlistRecordWriterTests {
    typealias TestData = BinaryPlistTestData

    @Test("writes people byte for byte as PropertyListEncoder does")
    func writesPeopleByteForByteAsPropertyListEncoder() throws {
        let people = TestData.people(300)
        let expected = [UInt8](try PropertyListEncoder().encode(people))
        #expect(BinaryPlistRecordWriter.write(TestData.records(people), kind: .person) == expected)
    }

    @Test("writes bucket items byte for byte as PropertyListEncoder does")
    func writesBucketItemsByteForByteAsPropertyListEncoder() throws {
        let items = TestData.bucketItems(300)
        let expected = [UInt8](try PropertyListEncoder().encode(items))
        #expect(BinaryPlistRecordWriter.write(TestData.records(items), kind: .bucket) == expected)
    }

    @Test("writes an empty list as PropertyListEncoder does")
    func writesAnEmptyListAsPropertyListEncoder() throws {
        let expected = [UInt8](try PropertyListEncoder().encode([TestData.Person]()))
        #expect(BinaryPlistRecordWriter.write([], kind: .person) == expected)
    }

    /// 70,000 records need 3-byte references and offsets.
    @Test("writes large lists with wide references as PropertyListEncoder does")
    func writesLargeListsWithWideReferencesAsPropertyListEncoder() throws {
        let people = TestData.people(70_000, seed: 7)
        let expected = [UInt8](try PropertyListEncoder().encode(people))
        let written = BinaryPlistRecordWriter.write(TestData.records(people), kind: .person)
        #expect(written == expected)
        #expect(try PropertyListDecoder().decode([TestData.Person].self, from: Data(written)) == people)
    }

    @Test("writes what PropertyListDecoder reads back")
    func writesWhatPropertyListDecoderReadsBack() throws {
        let items = TestData.bucketItems(500, seed: 11)
        let written = BinaryPlistRecordWriter.write(TestData.records(items), kind: .bucket)
        #expect(try PropertyListDecoder().decode([TestData.BucketItem].self, from: Data(written)) == items)
        let people = TestData.people(500, seed: 12)
        let writtenPeople = BinaryPlistRecordWriter.write(TestData.records(people), kind: .person)
        #expect(try PropertyListDecoder().decode([TestData.Person].self, from: Data(writtenPeople)) == people)
    }

    @Test("writes unknown keys that PropertyListSerialization reads unchanged")
    func writesUnknownKeysThatPropertyListSerializationReadsUnchanged() throws {
        let records = (0..<3).map { index in
            Record(
                id: RecordID(high: 0x1234_5678_9ABC_4DEF, low: 0x8123_4567_89AB_CD00 + UInt64(index)),
                values: [.text("Person \(index)"), .text("Briggs 413")],
                extras: Array(BinaryPlistFoundationBridge.sampleExtras.dropFirst(index)))
        }
        let written = BinaryPlistRecordWriter.write(records, kind: .person)
        let expected = records.map { BinaryPlistFoundationBridge.object($0, kind: .person) }
        #expect(try BinaryPlistFoundationBridge.xml(reading: written) == BinaryPlistFoundationBridge.xml(expected))
    }

    @Test("reads back what it writes with keys in order")
    func readsBackWhatItWritesWithKeysInOrder() throws {
        let records = [
            Record(
                id: RecordID(high: 1, low: 2), values: [.text("a"), .text("b"), .date(ListKind.distantPast)],
                extras: BinaryPlistFoundationBridge.sampleExtras),
            Record(id: RecordID(high: 3, low: 4), values: [.text("😀"), .text(""), .date(-0.125)]),
        ]
        let written = BinaryPlistRecordWriter.write(records, kind: .bucket)
        let (kind, read) = try TestData.decode(written)
        #expect(kind == .bucket)
        #expect(read == records)
    }

    @Test("null extras, and nulls nested in them, are written as the null object and read back")
    func keepsNullExtrasAndNullsNestedInThem() throws {
        let record = Record(
            id: RecordID(high: 1, low: 2), values: [.text("a"), .text("b")],
            extras: [
                KeyedValue("kept", .null),
                KeyedValue("list", .array([.integer(1), .null, .integer(2)])),
                KeyedValue("map", .dictionary([KeyedValue("x", .null), KeyedValue("y", .bool(true))])),
            ])
        let written = BinaryPlistRecordWriter.write([record], kind: .person)
        let (_, read) = try TestData.decode(written)
        #expect(read.first?.extras == record.extras)
        #expect(BinaryPlistRecordWriter.write(read, kind: .person) == written)
    }

    /// Foundation shares canonically equal strings ("é" and "e" + U+0301) and so
    /// turns one into the other; the writer compares bytes and keeps both.
    @Test("keeps canonically equivalent strings apart")
    func keepsCanonicallyEquivalentStringsApart() throws {
        let people = [
            TestData.Person(id: UUID(), name: "caf\u{E9}", office: "cafe\u{301}"),
            TestData.Person(id: UUID(), name: "cafe\u{301}", office: "caf\u{E9}"),
        ]
        let written = BinaryPlistRecordWriter.write(TestData.records(people), kind: .person)
        let decoded = try PropertyListDecoder().decode([TestData.Person].self, from: Data(written))
        #expect(decoded.map { Array($0.name.unicodeScalars) } == people.map { Array($0.name.unicodeScalars) })
        #expect(decoded.map { Array($0.office.unicodeScalars) } == people.map { Array($0.office.unicodeScalars) })
    }

    /// Foundation shares every repeated value however many distinct ones there are:
    /// 60,000 distinct names and 20,000 distinct offices, each office used three times.
    @Test("shares every repeated value, at any size, as PropertyListEncoder does")
    func sharesEveryRepeatedValueAtAnySizeAsPropertyListEncoder() throws {
        let people = TestData.people(60_000, seed: 3).enumerated().map { index, person in
            TestData.Person(id: person.id, name: "unique name \(index)", office: "Room \(index / 3)")
        }
        let expected = [UInt8](try PropertyListEncoder().encode(people))
        let written = BinaryPlistRecordWriter.write(TestData.records(people), kind: .person)
        #expect(written.count == expected.count)
        #expect(written == expected)
    }

    /// Records that share an id (numbered as a session numbers them) share its string, as Foundation does.
    @Test("shares repeated ids as PropertyListEncoder does")
    func sharesRepeatedIdentifiersAsPropertyListEncoder() throws {
        var people = TestData.people(40, seed: 5)
        people[7].id = people[2].id
        people[30].id = people[2].id
        people[31].id = people[9].id
        let expected = [UInt8](try PropertyListEncoder().encode(people))
        var records = TestData.records(people)
        #expect(RecordKey.numberOccurrences(in: &records).count == 2)
        #expect(BinaryPlistRecordWriter.write(records, kind: .person) == expected)
    }

    @Test("shares equal values and keys")
    func sharesEqualValuesAndKeys() throws {
        let first = Record(id: RecordID(high: 1, low: 2), values: [.text("same"), .text("same")])
        let second = Record(id: RecordID(high: 3, low: 4), values: [.text("same"), .text("same")])
        let written = BinaryPlistRecordWriter.write([first, second], kind: .person)
        let trailer = try BinaryPlistTrailer(validating: written.span)
        // array, 2 dictionaries, 3 keys, 2 ids, 1 shared "same"
        #expect(trailer.objectCount == 9)
    }
}
