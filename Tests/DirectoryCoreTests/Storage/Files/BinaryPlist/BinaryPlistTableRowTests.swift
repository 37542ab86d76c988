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

    @Test("a binary file's shared strings, kept as the objects they were read from, write as the whole records do")
    func sharedStringsReadFromABinaryFile() throws {
        var records = RecordListTests.people(90)
        let names = ["Ann", "高橋 Zoë", "Grace O'Brien and a long tail"]
        let offices = ["Briggs 413", "Björklunden 243", ""]
        for index in records.indices {
            records[index].values = [.text(names[index % 3]), .text(offices[index % 3 == 0 ? 0 : index % 7 % 3])]
        }
        let bytes = BinaryPlistRecordWriter.write(records, kind: .person)
        for kind in [nil, ListKind.person] {
            var list = try RecordCodec.decode(RawSpan(_elements: bytes.span), format: .binaryPlist, kind: kind).records
            #expect(list.table?.valueObjects.isEmpty == false)
            #expect(BinaryPlistRecordWriter.write(list, kind: .person) == bytes)
            // A record kept whole, written first, takes a shared string before any row does.
            var new = RecordListTests.people(1, prefix: "New")[0]
            new.values = [.text("高橋 Zoë"), .text("Briggs 413 and more")]
            list.insert(new, at: 0)
            list[5].values[1] = .text("Björklunden 243")
            list[8].values[0] = .text("Changed")
            #expect(
                BinaryPlistRecordWriter.write(list, kind: .person)
                    == BinaryPlistRecordWriter.write(list.array, kind: .person))
        }
    }
}
