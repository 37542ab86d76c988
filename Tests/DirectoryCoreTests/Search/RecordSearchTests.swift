import Testing

@testable import DirectoryCore

@Suite("RecordSearch: the folded index finds exactly what TextMatcher finds record by record")
struct RecordSearchTests {
    /// Pieces names are made of: accents precomposed and combining, case pairs that fold
    /// unevenly, CJK, emoji, width variants, controls, separators.
    static let pieces = [
        "a", "B", "zo", "Zoë", "e\u{301}", "ë", "E", "Ø", "ø", "ß", "ss", "İ", "i", "ı", "高", "橋", "👩‍💻", "🙂", "ﬁ",
        "fi", "Ａ", " ", "\t", "-", "'", "Σ", "σ", "ς", "\u{0}", "ǅ", "Å", "A\u{30A}", "Łódź", "n", "413", "",
    ]

    static func randomText(_ generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
            .joined()
    }

    static func randomRecords(_ count: Int, _ generator: inout SeededGenerator, from first: UInt64 = 1) -> [Record] {
        (0..<UInt64(count)).map { number in
            Record(
                id: RecordID(high: 1, low: first + number),
                values: [.text(randomText(&generator)), .text(randomText(&generator))])
        }
    }

    /// Needles: pieces, pieces of the records' text, and text that runs from one field into the next.
    static func needles(for records: [Record], _ generator: inout SeededGenerator) -> [String] {
        var needles = pieces + ["ZOE", "zoe", "oe", "SS", "aa", "高橋", "fi", "a b", "\t", "ł"]
        for record in records.prefix(40) {
            let name = Array(record.values[0].text ?? "")
            let office = Array(record.values[1].text ?? "")
            if !name.isEmpty {
                let start = Int.random(in: 0..<name.count, using: &generator)
                let end = Int.random(in: start...name.count, using: &generator)
                needles.append(String(name[start..<end]).uppercased())
            }
            needles.append(String(name.suffix(2)) + String(office.prefix(2)))
        }
        return needles
    }

    /// What `find TEXT` found before the index: every record checked with a matcher.
    static func reference(_ records: RecordList, _ text: String) -> [Int] {
        let matcher = TextMatcher(text)
        return records.indices.filter { matcher.matches(records[$0]) }
    }

    /// What `find FIELD:TEXT` found before the index.
    static func reference(_ records: RecordList, _ text: String, field: Int) -> [Int] {
        let matcher = TextMatcher(text)
        return records.indices.filter { records[$0].values[field].text.map(matcher.contains) ?? false }
    }

    /// Records whose folded field is, or starts with, the folded text.
    static func reference(_ records: RecordList, field: Int, _ text: String, exactly: Bool) -> [Int] {
        let folding = ScalarCaseFolding()
        let needle = folding.fold(text)
        return records.indices.filter { index in
            guard let value = records[index].values[field].text else { return false }
            return exactly ? folding.fold(value) == needle : folding.fold(value).starts(with: needle)
        }
    }

    static func expectSameAsReference(_ records: RecordList, needles: [String]) {
        let search = RecordSearch(records)
        for needle in needles {
            #expect(search.indices(containing: needle) == reference(records, needle), "\(needle.debugDescription)")
            for field in 0..<2 {
                #expect(
                    search.indices(containing: needle, field: field) { _ in "" }
                        == reference(records, needle, field: field),
                    "\(needle.debugDescription) in field \(field)")
                for exactly in [true, false] {
                    #expect(
                        search.indices(field: field, matching: needle, exactly: exactly)
                            == reference(records, field: field, needle, exactly: exactly),
                        "\(needle.debugDescription) in field \(field), exactly: \(exactly)")
                }
            }
        }
    }

    @Test("random records with accents, CJK, emoji and empty fields, packed in a table")
    func randomTableRecords() {
        var generator = SeededGenerator(state: 14)
        let records = Self.randomRecords(400, &generator)
        let list = RecordList(packing: records, kind: .person)
        #expect(list.table?.caseFoldedIndex != nil)
        #expect((0..<list.count).allSatisfy { list.tableRow(at: $0) != nil })
        Self.expectSameAsReference(list, needles: Self.needles(for: records, &generator))
    }

    @Test("edited, added, inserted, deleted, reordered and moved records after load")
    func changedRecordsAfterLoad() {
        var generator = SeededGenerator(state: 41)
        let records = Self.randomRecords(200, &generator)
        var list = RecordList(packing: records, kind: .person)
        let extra = Self.randomRecords(30, &generator, from: 1000)
        for (offset, record) in extra.prefix(10).enumerated() { list[offset * 7] = record }
        list.append(contentsOf: extra[10..<20])
        list.insert(extra[20], at: 3)
        list.remove(at: Set([0, 5, 50, 51, 199]))
        list.reorder(Array(list.indices.reversed()))
        list.move(from: 2, to: 100)
        var kept = extra[21]
        kept.extras = [KeyedValue("nickname", .string("Zoë Z"))]
        list.append(kept)
        #expect(list.contains { $0.id == kept.id })
        Self.expectSameAsReference(list, needles: Self.needles(for: list.array, &generator) + ["zoe z"])
    }

    @Test("bucket items: dates between the text are skipped, and a date field is searched as shown")
    func bucketItems() {
        var generator = SeededGenerator(state: 5)
        let items = (0..<120).map { number in
            Record(
                id: RecordID(high: 6, low: UInt64(number)),
                values: [
                    .text(Self.randomText(&generator)), .text(Self.randomText(&generator)),
                    .date(number % 3 == 0 ? ListKind.distantPast : Double(number) * 86_400 * 37),
                ])
        }
        let list = RecordList(packing: items, kind: .bucket)
        #expect(list.table != nil && list.tableRow(at: 0) != nil)
        let search = RecordSearch(list)
        let cells = FieldText(kind: .bucket, utcOffset: { _ in 0 })
        for needle in Self.needles(for: items, &generator) + ["2001", "✓", "-02-"] {
            #expect(search.indices(containing: needle) == Self.reference(list, needle), "\(needle.debugDescription)")
            let matcher = TextMatcher(needle)
            let dates = list.indices.filter { matcher.contains(cells.cell(list[$0].values[2], field: 2)) }
            #expect(search.indices(containing: needle, field: 2) { cells.cell($0, field: 2) } == dates)
            #expect(search.indices(containing: needle, field: 1) { _ in "" } == Self.reference(list, needle, field: 1))
        }
    }

    @Test("a match never runs from one field into the next, nor from one record into the next")
    func noMatchAcrossValues() {
        let records = [
            Record(id: RecordID(high: 1, low: 1), values: [.text("Ann"), .text("Briggs")]),
            Record(id: RecordID(high: 1, low: 2), values: [.text("Carl"), .text("")]),
        ]
        let search = RecordSearch(RecordList(packing: records, kind: .person))
        #expect(search.indices(containing: "nnb").isEmpty)
        #expect(search.indices(containing: "ggscarl").isEmpty)
        #expect(search.indices(containing: "briggs") == [0])
        #expect(search.indices(containing: "briggs", field: 0) { _ in "" }.isEmpty)
        #expect(search.indices(field: 1, matching: "", exactly: true) == [1])
    }

    @Test("bytes that are not UTF-8 are searched as the repaired text a record shows")
    func invalidUTF8() {
        var builder = RecordTable.Builder(kind: .person)
        let texts: [[UInt8]] = [
            [0x5A, 0x6F, 0xC3], [0xFF, 0x41], [0xED, 0xA0, 0x80, 0x62], [0xC3, 0xAB, 0x80, 0x65],
        ]
        for (number, text) in texts.enumerated() {
            _ = builder.append(
                id: RecordID(high: 2, low: UInt64(number)), texts: [text.indices, nil],
                in: RawSpan(_elements: text.span), values: [.text(""), .text("x")])
        }
        let list = RecordList(table: RecordTable(builder), slots: Array(texts.indices), loose: [])
        Self.expectSameAsReference(list, needles: ["zo", "\u{FFFD}", "a", "b", "e", "ë", "ee", "x"])
    }

    @Test("find and edit NAME in a session over a loaded table, after set, new, delete and undo")
    func sessionAfterEditsAndUndo() throws {
        var session = try Session.test()
        var generator = SeededGenerator(state: 3)
        session.list.records = RecordList(packing: Self.randomRecords(100, &generator), kind: .person)
        func check(_ step: String) throws {
            for needle in ["zo", "ss", "高", "a", "zoë zed"] {
                guard case .records(let listing) = try session.run("find " + needle) else {
                    Issue.record("find did not list")
                    return
                }
                let expected = Self.reference(session.records, needle).map { $0 + 1 }
                #expect(listing.rows.map(\.number) == expected, "\(step): \(needle)")
            }
        }
        try check("loaded")
        try session.run("edit 5", "set name Zoë Zed", "new Ssam Zoë", "delete 2")
        try check("edited")
        try session.run("edit zoe zed")
        #expect(session.current == 3)
        try session.run("undo", "undo")
        try check("undone twice")
        try session.run("undo")
        try check("undone")
        #expect(session.records.allSatisfy { $0.values[0] != .text("Zoë Zed") })
    }
}
