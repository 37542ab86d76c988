import Testing

@testable import DirectoryCore

/// Rows still in a list's table are written from the table's bytes, and an XML file's
/// text goes to the table without a string; the file must be the one that writing every
/// record whole gives (itself pinned to Foundation's output).
@Suite("XML plist: table rows")
struct XMLPlistTableRowTests {
    typealias Data_ = XMLPlistTestData

    @Test("table rows, changed, new and extra-keyed records, escapes and dates write as the whole records do")
    func mixedList() throws {
        var records = RecordListTests.people(60)
        records[4].values[0] = .text("高橋 Zoë & <Bob> \r\n ]]> &amp;")
        records[5].values[1] = .text("a long office > a long hall & a wing <")
        var list = try RecordListTests.loaded(records)
        #expect(list.tableRow(at: 4) != nil)
        list[3].values[1] = .text("Moved & <kept>")
        list.insert(RecordListTests.people(1, prefix: "Inserted")[0], at: 7)
        var extra = RecordListTests.people(1, prefix: "Extra")[0]
        extra.extras = [KeyedValue("color", .string("red & blue"))]
        list.append(extra)
        let written = XMLPlistRecordWriter.write(list, kind: .person)
        #expect(written == XMLPlistRecordWriter.write(list.array, kind: .person))
        var pieces: [UInt8] = []
        XMLPlistRecordWriter.write(list, kind: .person, pieceSize: 512) { pieces.append($0) }
        #expect(pieces == written)

        let items = Data_.items(40, seed: 11).map { item in
            Record(
                id: RecordID(item.id.uuidString) ?? RecordID(high: 0, low: 0),
                values: [
                    .text(item.name), .text(item.note),
                    .date(item.completedDate.timeIntervalSinceReferenceDate.rounded(.down)),
                ])
        }
        let bucket = try RecordCodec.decode(
            RawSpan(_elements: XMLPlistRecordWriter.write(items, kind: .bucket).span), format: .xmlPlist,
            kind: .bucket
        ).records
        #expect(bucket.indices.contains { bucket.tableRow(at: $0) != nil })
        #expect(
            XMLPlistRecordWriter.write(bucket, kind: .bucket)
                == XMLPlistRecordWriter.write(bucket.array, kind: .bucket))
    }

    @Test("an XML file's text fields, with and without entities, are read into table rows as written")
    func readsTextIntoTableRows() throws {
        let people = Data_.people(120, seed: 21)
        let records = people.map(Data_.record)
        let bytes = XMLPlistRecordWriter.write(records, kind: .person)
        let list = try RecordCodec.decode(RawSpan(_elements: bytes.span), format: .xmlPlist, kind: .person).records
        #expect(list.indices.allSatisfy { list.tableRow(at: $0) != nil })
        #expect(list.array == records)
        #expect(XMLPlistRecordWriter.write(list, kind: .person) == bytes)
    }
}
