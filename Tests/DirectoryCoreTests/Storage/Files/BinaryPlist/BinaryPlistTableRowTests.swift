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

    /// Text for random values: key names, repeats, non-ASCII, and lengths around 15.
    static let texts = [
        "Ann", "高橋 Zoë", "Briggs 413", "", "id", "name", "office", "note", "fourteen chars", "fifteen chars!!",
        "😀 smile", String(repeating: "ü", count: 20),
    ]

    /// `count` random records of `kind`: every text one of `texts` or, with `distinct`,
    /// its own; dates from a few; now and then a record's text repeated in another field.
    static func randomRecords(
        _ count: Int, kind: ListKind, distinct: Bool, using generator: inout SeededGenerator
    ) -> [Record] {
        (0..<count).map { index in
            var values = kind.defaultValues
            for (field, spec) in kind.fields.enumerated() {
                let pick = Int(generator.next() % UInt64(texts.count))
                values[field] =
                    spec.isText
                    ? .text(distinct ? "\(texts[pick]) \(index).\(field)" : texts[pick])
                    : .date(distinct ? Double(index) : Double(generator.next() % 4) * 1000)
            }
            if !distinct, generator.next() % 7 == 0, kind.fields.count > 1, case .text = values[0],
                case .text = values[1]
            {
                values[1] = values[0]
            }
            return Record(id: .random(using: &generator), values: values)
        }
    }

    @Test(
        "random table rows, read from binary and JSON files, edited or not, write as the whole records do",
        arguments: [ListKind.person, .bucket])
    func randomTableRows(kind: ListKind) throws {
        var generator = SeededGenerator(state: kind == .person ? 61 : 62)
        for round in 0..<40 {
            let records = Self.randomRecords(
                Int(generator.next() % 150), kind: kind, distinct: round % 3 == 0, using: &generator)
            let binary = BinaryPlistRecordWriter.write(records, kind: kind)
            let json = JSONRecordWriter.write(records, kind: kind)
            for (format, bytes) in [(FileFormat.binaryPlist, binary), (.json, json)] {
                var list = try RecordCodec.decode(RawSpan(_elements: bytes.span), format: format, kind: kind).records
                #expect(list.table != nil)
                #expect(BinaryPlistRecordWriter.write(list, kind: kind) == binary, "round \(round), \(format)")
                guard !list.isEmpty else { continue }
                // A record changed, one inserted at a random place and one added at the end.
                let changed = Int(generator.next() % UInt64(list.count))
                list[changed].values[0] = .text(Self.texts[Int(generator.next() % UInt64(Self.texts.count))])
                let new = Self.randomRecords(2, kind: kind, distinct: false, using: &generator)
                list.insert(new[0], at: Int(generator.next() % UInt64(list.count + 1)))
                list.append(new[1])
                #expect(
                    BinaryPlistRecordWriter.write(list, kind: kind)
                        == BinaryPlistRecordWriter.write(list.array, kind: kind),
                    "round \(round), \(format), edited")
            }
        }
    }

    @Test(
        "table rows write as the whole records do where references and offsets change width",
        arguments: [0, 1, 2, 61, 62, 63, 64, 65, 2_000, 16_381, 16_382, 16_383, 16_384, 16_385])
    func referenceWidths(count: Int) throws {
        // The top array, 3 keys and 4 objects a record of distinct text: references of 2 bytes from
        // 63 records on (256 objects), of 3 from 16,383 (65,536 objects).
        var generator = SeededGenerator(state: UInt64(count))
        let records = Self.randomRecords(count, kind: .person, distinct: true, using: &generator)
        let bytes = BinaryPlistRecordWriter.write(records, kind: .person)
        let objects = count == 0 ? 1 : 4 + 4 * count
        #expect(Int(bytes[bytes.count - 25]) == BinaryPlistObjectSharing.shared.size(for: objects))
        var list = try RecordCodec.decode(RawSpan(_elements: bytes.span), format: .binaryPlist, kind: .person).records
        #expect(BinaryPlistRecordWriter.write(list, kind: .person) == bytes)
        list.append(Self.randomRecords(1, kind: .person, distinct: true, using: &generator)[0])
        #expect(
            BinaryPlistRecordWriter.write(list, kind: .person)
                == BinaryPlistRecordWriter.write(list.array, kind: .person))
    }
}
