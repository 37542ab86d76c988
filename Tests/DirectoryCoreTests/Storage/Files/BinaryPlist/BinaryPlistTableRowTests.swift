import Testing

@testable import DirectoryCore

/// Rows still in a list's table are written from the table's bytes; the file must be
/// the one that writing every record whole gives (itself pinned to Foundation's output).
@Suite("Binary plist: table rows")
struct BinaryPlistTableRowTests {
    @Test("table rows, changed and new records, non-ASCII and repeated text write as the whole records do")
    func mixedList() throws {
        var records = RecordListTests.people(60)
        records[4].values[0] = .text("高橋 Zoë")
        records[9].values[1] = records[10].values[1]
        var list = try RecordListTests.loaded(records)
        list[3].values[1] = .text("Moved")
        list.insert(RecordListTests.people(1, prefix: "Inserted")[0], at: 7)
        var extra = RecordListTests.people(1, prefix: "Extra")[0]
        extra.extras = [KeyedValue("color", .string("red"))]
        list.append(extra)
        #expect(
            BinaryPlistRecordWriter.write(list, kind: .person)
                == BinaryPlistRecordWriter.write(list.array, kind: .person))
    }

    @Test("an id shared by a table row and a record kept whole is one shared object, as Foundation shares it")
    func repeatedIDAcrossTableAndLoose() throws {
        let records = RecordListTests.people(5)
        var list = try RecordListTests.loaded(records)
        var copy = records[2]
        copy.values[1] = .text("copy")
        list.append(copy)
        RecordKey.numberOccurrences(in: &list)
        #expect(list.tableRow(at: 2) != nil)
        #expect(list.key(at: 5).occurrence == 1)
        #expect(
            BinaryPlistRecordWriter.write(list, kind: .person)
                == BinaryPlistRecordWriter.write(list.array, kind: .person))
    }
}
