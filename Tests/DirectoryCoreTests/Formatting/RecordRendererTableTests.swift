import Testing

@testable import DirectoryCore

@Suite("Tables printed from a loaded list's bytes are those printed from records")
struct RecordRendererTableTests {
    static let texts = [
        "Zoë", "高橋", "🙂 x", "e\u{301}e", "tab\there", "\u{1B}[2J", "\u{9B}", "bidi \u{202E}x", "soft\u{AD}", "",
        "Łódź ễ",
        "trailing  ", "Ｆｕｌｌ", "한국", "\u{7F}", "ǅ", "Ωμέγα", "Дмитрий", "𝔘", "a\u{200D}b",
    ]

    @Test("every cell, escaped or wide, lines up as the record-by-record table does")
    func sameAsFromRecords() {
        var records: [Record] = []
        for (index, name) in Self.texts.enumerated() {
            let office = Self.texts[(index * 7 + 3) % Self.texts.count]
            records.append(Record(id: RecordID(high: 3, low: UInt64(index)), values: [.text(name), .text(office)]))
        }
        var list = RecordList(packing: records, kind: .person)
        list[2] = Record(id: RecordID(high: 4, low: 1), values: [.text("loose\u{1B}"), .date(0)])
        let indices = [0, 2, 3, 5, 8, 9, 10, 11, 12, 15, 16, 17, 18, 19]
        let packed = RecordListing(kind: .person, records: list, indices: indices, emptyMessage: "none")
        let whole = RecordListing(kind: .person, rows: packed.rows, emptyMessage: "none")
        #expect(whole.records.table == nil)
        for style in [TextStyle.plain, .ansi] {
            var renderer = RecordRenderer(format: .table, utcOffset: { _ in 3600 })
            renderer.style = style
            let expected = Self.reference(whole, style: style)
            #expect(renderer.render(packed) == expected)
            #expect(renderer.render(whole) == expected)
        }
    }

    @Test("bytes that are not UTF-8 print as the repaired text")
    func illFormedBytes() {
        var builder = RecordTable.Builder(kind: .person)
        let name: [UInt8] = [0x41, 0xC3, 0x42]
        _ = builder.append(
            id: RecordID(high: 5, low: 1), texts: [name.indices, nil], in: RawSpan(_elements: name.span),
            values: [.text(""), .text("x")])
        let list = RecordList(table: RecordTable(builder), slots: [0], loose: [])
        let listing = RecordListing(kind: .person, records: list, indices: [0], emptyMessage: "")
        #expect(RecordRenderer(format: .table, utcOffset: { _ in 0 }).render(listing) == "  1  A\u{FFFD}B  x\n")
    }

    /// The table as it was printed before: each cell made by `FieldText`, padded by `DisplayWidth`.
    static func reference(_ listing: RecordListing, style: TextStyle) -> String {
        let text = FieldText(kind: listing.kind, utcOffset: { _ in 3600 })
        let columns = listing.kind.listColumns
        let numberWidth = String(listing.rows.last?.number ?? 0).count
        let cells = listing.rows.map { row in columns.map { text.cell(row.record.values[$0], field: $0) } }
        let widths = columns.indices.map { column in cells.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        var output = ""
        for (row, line) in zip(listing.rows, cells) {
            let number = String(row.number)
            output += String(repeating: " ", count: numberWidth - number.count + 2) + style.apply(.number, to: number)
            for (index, cell) in line.enumerated() {
                output += "  " + (index == line.count - 1 ? cell : DisplayWidth.pad(cell, to: widths[index]))
            }
            while output.hasSuffix(" ") { output.removeLast() }
            output += "\n"
        }
        return output
    }
}
