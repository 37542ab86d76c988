import Foundation
import Testing

@testable import DirectoryCore

/// The shortcuts of issue 34's seventh step read and write what the general paths do: an id
/// read from its three header bytes, a dictionary or short ASCII string decoded first, a
/// record marked as being read only when a value needs the parser, the cache of checked
/// ASCII strings in one array, and the offset table stored a word an entry.
struct BinaryPlistShortcutTests {
    typealias TestData = BinaryPlistTestData
    typealias FastPath = BinaryPlistFastPathTests

    static let secondID = "0F2A6C1E-5B7D-4C8E-9A3B-1D2E3F405162"

    @Test(
        "an id whose length is written in any integer form, or last before the offset table, reads as the general path reads it",
        arguments: [
            [0x5F, 0x10, 36], [0x5F, 0x11, 0, 36], [0x5F, 0x12, 0, 0, 0, 36], [0x5F, 0x13, 0, 0, 0, 0, 0, 0, 0, 36],
        ] as [[UInt8]])
    func idLengthForms(header: [UInt8]) throws {
        // The id is the file's last object: it ends where the offset table starts.
        let bytes = FastPath.file(secondRecord: [
            (3, [0x63, 0x00, 0x5A, 0x00, 0x6F, 0x00, 0xEB]), (4, FastPath.string("Steitz 131")),
            (2, header + Array(Self.secondID.utf8)),
        ])
        for kind in [nil, ListKind.person] {
            let records = try TestData.decode(bytes, kind: kind).records
            #expect(records[1].id == RecordID(Self.secondID))
            #expect(records[1].values == [.text("Zoë"), .text("Steitz 131")])
        }
    }

    @Test("an id one byte short of the offset table is refused as the general path refuses it")
    func truncatedIDRefused() {
        let bytes = FastPath.file(secondRecord: [(2, [0x5F, 0x10, 36] + Array(Self.secondID.utf8.dropLast()))])
        let message = FastPath.error(bytes)
        #expect(message?.contains("needs 36 × 1 bytes, but only 35 remain before the offset table") == true)
        #expect(FastPath.error(bytes, kind: .person) == message)
    }

    @Test("a dictionary or ASCII string too long for what is left before the offset table is refused")
    func shortObjectsThatDoNotFitRefused() {
        // The second record claims 14 pairs: 28 references, past the end of the object area.
        let records = TestData.assemble([
            [0xA2, 1, 8], [0xD3, 2, 3, 4, 5, 6, 7], TestData.ascii("id"), TestData.ascii("name"),
            TestData.ascii("office"), FastPath.string(FastPath.firstID), TestData.ascii("Ann"),
            TestData.ascii("Briggs 413"), [0xDE, 2, 9],
        ])
        #expect(FastPath.error(records)?.contains("object 8 (a dictionary) needs 14 × 2 bytes") == true)
        // A name of 14 ASCII bytes of which 2 are there.
        let name = TestData.assemble([
            [0xA2, 1, 8], [0xD3, 2, 3, 4, 5, 6, 7], TestData.ascii("id"), TestData.ascii("name"),
            TestData.ascii("office"), FastPath.string(FastPath.firstID), TestData.ascii("Ann"),
            TestData.ascii("Briggs 413"), [0xD2, 2, 3, 9, 10], FastPath.string(Self.secondID), [0x5E, 0x41, 0x42],
        ])
        #expect(FastPath.error(name)?.contains("object 10 (a string) needs 14 × 1 bytes") == true)
    }

    @Test(
        "a record that holds itself through a field or an extra is a cycle in its own words, in any record",
        arguments: [3, 5])
    func recordHoldingItselfIsACycle(key: Int) {
        // Object 8 is the second record; its value at `key` (`name`, or an extra keyed by the
        // first id's text) is an array holding the record.
        let bytes = FastPath.file(secondRecord: [(2, FastPath.string(Self.secondID)), (key, [0xA1, 8])])
        for kind in [nil, ListKind.person] {
            #expect(FastPath.error(bytes, kind: kind)?.contains("object 8 (a dictionary) contains itself") == true)
        }
    }

    @Test("the cache of checked strings gives back only what it was given for that object")
    func textCacheKeepsObjectsApart() throws {
        let file = [UInt8](repeating: UInt8(ascii: "a"), count: 300)
        var cache = BinaryPlistTextCache(slots: 1)
        #expect(cache.text(5) == nil)
        cache.remember(5, position: 100, range: 102..<117, of: file.span)
        let text = try #require(cache.text(5))
        #expect(text.position == 100)
        #expect(text.fileRange == 102..<117)
        let copied = try #require(text.poolRange)
        #expect(Array(cache.pool[copied]) == Array(file[102..<117]))
        #expect(cache.text(6) == nil)
        cache.remember(6, position: 200, range: 201..<204, of: file.span)
        #expect(cache.text(5) == nil)
        #expect(cache.text(6)?.fileRange == 201..<204)
        // A place past 32 bits is not kept, and the object read again the long way.
        cache.remember(7, position: 1 << 33, range: (1 << 33) + 1..<(1 << 33) + 4, of: file.span)
        #expect(cache.text(7) == nil)
        #expect(cache.text(6)?.position == 200)
        // Text that is not ASCII is in the pool only, as UTF-8.
        let pooled = cache.pool("Zoë")
        let range = try #require(pooled)
        cache.remember(8, pooledAt: range)
        let zoe = try #require(cache.text(8))
        #expect(zoe.fileRange == nil)
        #expect(zoe.poolRange.map { String(decoding: cache.pool[$0], as: UTF8.self) } == "Zoë")
    }

    @Test("a full pool keeps ASCII text's place in the file and takes no other text")
    func textCachePoolFull() throws {
        let file = [UInt8](repeating: UInt8(ascii: "b"), count: 64)
        var cache = BinaryPlistTextCache(slots: 64, poolLimit: 10)
        cache.remember(1, position: 0, range: 1..<9, of: file.span)
        #expect(cache.text(1)?.poolRange == 0..<8)
        cache.remember(2, position: 10, range: 11..<19, of: file.span)
        let text = try #require(cache.text(2))
        #expect(text.fileRange == 11..<19)
        #expect(text.poolRange == nil)
        let short = cache.pool("ab")
        #expect(short == 8..<10)
        let full = cache.pool("é")
        #expect(full == nil)
        #expect(cache.pool.count == 10)
    }

    @Test("the cache has a slot for each object of a small file and at most 65,536", arguments: [0, 1, 64, 65, 70_000])
    func asciiCacheSize(objects: Int) {
        let expected = objects <= 64 ? 64 : objects <= 128 ? 128 : BinaryPlistTextCache.maximumSlots
        #expect(BinaryPlistTextCache(objectCount: objects, fileSize: 0).slotCount == expected)
    }

    @Test(
        "the offset table in 1, 2 and 3 bytes an entry is the one PropertyListEncoder writes",
        arguments: [(1, 10), (4, 60), (70, 1_000)])
    func offsetWidthsMatchFoundation(count: Int, officeLength: Int) throws {
        var generator = TestData.Generator(state: UInt64(count))
        let people = (0..<count).map { index in
            TestData.Person(
                id: TestData.uuid(&generator), name: "Person \(index % 3)",
                office: String(repeating: "o", count: officeLength) + "\(index)")
        }
        let expected = [UInt8](try PropertyListEncoder().encode(people))
        let written = BinaryPlistRecordWriter.write(TestData.records(people), kind: .person)
        #expect(written == expected)
        let width = count == 1 ? 1 : count == 4 ? 2 : 3
        #expect(Int(written[written.count - 26]) == width)
    }

    @Test("an offset table of 4 bytes an entry (a file past 16 MB) reads back as Foundation reads it")
    func fourByteOffsetsRead() throws {
        let office = String(repeating: "Science Hall ", count: 5_000)
        let people = (0..<260).map { index in
            TestData.Person(
                id: UUID(
                    uuidString: RecordID(high: 0x1234_5678_9ABC_4DEF, low: 0x8000_0000_0000_0000 + UInt64(index))
                        .description) ?? UUID(),
                name: "Person \(index)", office: office + "\(index)")
        }
        let records = TestData.records(people)
        let written = BinaryPlistRecordWriter.write(records, kind: .person)
        #expect(written[written.count - 26] == 4)
        #expect(try TestData.decode(written).records == records)
        let decoded = try PropertyListDecoder().decode([TestData.Person].self, from: Data(written))
        #expect(TestData.records(decoded) == records)
    }

    /// A random list as the apps write it: text from every plane, shared between records and
    /// distinct, dates with fractions, now and then a shared id and the extras other apps keep.
    static func appsList(count: Int, kind: ListKind, using generator: inout SeededGenerator) -> [Record] {
        let texts = TestData.awkwardStrings
        var records: [Record] = []
        for index in 0..<count {
            var values = kind.defaultValues
            for (field, spec) in kind.fields.enumerated() {
                let pick = Int(generator.next() % UInt64(texts.count + 4))
                values[field] =
                    spec.isText
                    ? .text(pick < texts.count ? texts[pick] : "Distinct \(index) \(field) ü")
                    : .date(TestData.awkwardDates[pick % TestData.awkwardDates.count])
            }
            var record = Record(id: .random(using: &generator), values: values)
            if index > 0, generator.next() % 25 == 0 { record.id = records[Int(generator.next() % UInt64(index))].id }
            if generator.next() % 8 == 0 { record.extras = BinaryPlistFoundationBridge.sampleExtras }
            records.append(record)
        }
        RecordKey.numberOccurrences(in: &records)
        return records
    }

    @Test(
        "random lists as the apps write them, both kinds, read as Foundation reads them across reference widths",
        arguments: [(ListKind.person, 0), (.bucket, 1), (.person, 2), (.bucket, 3)])
    func randomListsReadAsFoundation(kind: ListKind, seed: Int) throws {
        var generator = SeededGenerator(state: UInt64(700 + seed))
        // 0 to 59 records: 1-byte references; 150: 2-byte; 22,000 (the last round): 3-byte.
        let counts = [Int(generator.next() % 60), 150] + (seed == 3 ? [22_000] : [])
        for count in counts {
            let records = Self.appsList(count: count, kind: kind, using: &generator)
            let bytes = BinaryPlistRecordWriter.write(records, kind: kind)
            var read = try TestData.decode(bytes, kind: kind).records
            RecordKey.numberOccurrences(in: &read)
            #expect(read == records, "\(count) records")
            let objects = read.map { BinaryPlistFoundationBridge.object($0, kind: kind) }
            #expect(
                try BinaryPlistFoundationBridge.xml(reading: bytes) == BinaryPlistFoundationBridge.xml(objects),
                "\(count) records")
        }
    }
}
