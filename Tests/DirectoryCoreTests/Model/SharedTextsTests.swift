import Testing

@testable import DirectoryCore

/// The texts a binary property list shares, kept once by object (`SharedTexts`), and the
/// tables whose rows hold such a value by its object only.
@Suite("Shared texts: a file's shared strings kept once, rows holding them by object")
struct SharedTextsTests {
    /// The text `texts` keeps for `object`, or `nil`.
    static func text(_ texts: SharedTexts, _ object: UInt32) -> String? {
        guard let range = texts.range(of: object) else { return nil }
        return String(decoding: texts.bytes[range], as: UTF8.self)
    }

    @Test("each object's text is kept once, found by its number, and the first text kept stays")
    func keptOncePerObject() {
        var texts = SharedTexts()
        #expect(texts.isEmpty && texts.range(of: 7) == nil)
        for object in 0..<3_000 as Range<UInt32> {
            let text = Array("text \(object * 7)".utf8)
            let added = texts.add(object * 7, text: text.span.rawBytes)
            #expect(added)
        }
        let size = texts.bytes.count
        // Again, and with another text: an object's text is the same wherever the file names it.
        let other = Array("other".utf8)
        let addedAgain = texts.add(7, text: other.span.rawBytes)
        #expect(addedAgain && texts.count == 3_000 && texts.bytes.count == size)
        for object in 0..<3_000 as Range<UInt32> {
            #expect(Self.text(texts, object * 7) == "text \(object * 7)")
            #expect(Self.text(texts, object * 7 + 1) == nil)
        }
        let none = Array("x".utf8)
        let addedNone = texts.add(RecordTable.noObject, text: none.span.rawBytes)
        #expect(!addedNone)
        #expect(texts.range(of: RecordTable.noObject) == nil)
    }

    @Test("joining keeps every object of both, each once, with its text")
    func joined() {
        var first = SharedTexts()
        var second = SharedTexts()
        for object in 0..<100 as Range<UInt32> {
            let text = Array("a\(object)".utf8)
            let later = Array("a\(object + 50)".utf8)
            _ = first.add(object, text: text.span.rawBytes)
            _ = second.add(object + 50, text: later.span.rawBytes)
        }
        let joined = first.add(contentsOf: second)
        #expect(joined && first.count == 150)
        for object in 0..<150 as Range<UInt32> { #expect(Self.text(first, object) == "a\(object)") }
        let joinedNothing = first.add(contentsOf: SharedTexts())
        #expect(joinedNothing && first.count == 150)
    }

    /// The list and table a binary plist of `people` reads as, on one thread.
    static func readBinary(_ people: [Record]) throws -> RecordList {
        let bytes = RecordCodec.encode(people, kind: .person, format: .binaryPlist)
        var builder = RecordBuilder(kind: nil, fallback: .person, sizeHint: bytes.count)
        _ = try bytes.span.withRawBytes { (raw) throws(FileFormatError) in
            try BinaryPlistRecordReader.read(raw, into: &builder, split: .oneThread)
        }
        return builder.finish().records
    }

    @Test("a writer's file keeps each shared name once, and every value reads as written")
    func writersFileKeepsNamesOnce() throws {
        var generator = SeededGenerator(state: 475)
        let names = ["Zoë Müller", "Joe Gregg", "高橋 直子", "", "Ann O'Neil", "Briggs 413"]
        var people: [Record] = []
        for _ in 0..<2_000 {
            let name = names[Int(generator.next() % UInt64(names.count))]
            let office = names[Int(generator.next() % UInt64(names.count))]
            people.append(Record(id: RecordID.random(using: &generator), values: [.text(name), .text(office)]))
        }
        let list = try Self.readBinary(people)
        let table = try #require(list.table)
        #expect(table.count == people.count)
        #expect(!table.shared.isEmpty && table.shared.count <= names.count)
        // The rows' own bytes are the few values read before the proof held, not 4,000 copies.
        #expect(table.bytes.count < 200)
        #expect(list.array == people)
        var laidOut = 0
        for row in 0..<table.count {
            var expected = 0
            for field in 0..<2 {
                guard case .text(let text) = people[row].values[field] else { continue }
                let value = table.withValueBytes(row: row, field: field) { value in
                    (0..<value.count).map { value[$0] }
                }
                #expect(String(decoding: value, as: UTF8.self) == text)
                expected += text.utf8.count
            }
            #expect(table.byteCount(ofRow: row) == expected)
            laidOut += expected
        }
        // Laid out row after row for a scan over every row, as a table that copied them holds them.
        table.withStorage { bytes, starts in
            #expect(bytes.count == laidOut && starts.count == table.count * 2 + 1)
            #expect(Int(starts[starts.count - 1]) == laidOut)
        }
    }

    @Test("a list read from a binary plist saves and searches as the same list read from JSON")
    func sameAsJSON() throws {
        var generator = SeededGenerator(state: 476)
        let people = BinaryPlistWritersRecordsTests.people(1_500, using: &generator)
        let fromBinary = try Self.readBinary(people)
        #expect(try #require(fromBinary.table).shared.isEmpty == false)
        let json = RecordCodec.encode(people, kind: .person, format: .json)
        let fromJSON = try json.span.withRawBytes { (raw) throws(FileFormatError) in
            try RecordCodec.decode(raw, format: .json, kind: .person).records
        }
        for format in [FileFormat.json, .xmlPlist, .binaryPlist] {
            #expect(
                RecordCodec.encode(fromBinary, kind: .person, format: format)
                    == RecordCodec.encode(fromJSON, kind: .person, format: format), "\(format)")
        }
        // The search index folds each shared text once, into the index a table of copies gets.
        let binaryIndex = try #require(fromBinary.table?.caseFoldedIndex)
        let jsonIndex = try #require(fromJSON.table?.caseFoldedIndex)
        #expect(binaryIndex.bytes == jsonIndex.bytes && binaryIndex.starts == jsonIndex.starts)
        for needle in ["zoe", "BENCH", "413", "person 4", "e\u{301}", "👩"] {
            let found = RecordSearch(fromBinary).indices(containing: needle)
            #expect(found == RecordSearch(fromJSON).indices(containing: needle), "\(needle)")
            #expect(!found.isEmpty, "\(needle)")
        }
    }
}
