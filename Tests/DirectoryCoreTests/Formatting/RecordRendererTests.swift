import Testing

@testable import DirectoryCore

@Suite("Output formats")
struct RecordRendererTests {
    static let kind = ListKind.person

    func listing(_ rows: [(String, String)]) -> RecordListing {
        let records = rows.enumerated().map { index, row in
            RecordListing.Row(
                number: index + 1,
                record: Record(
                    id: RecordID(high: 0x4000, low: 0x8000_0000_0000_0000 | UInt64(index + 1)),
                    values: [.text(row.0), .text(row.1)]))
        }
        return RecordListing(kind: Self.kind, rows: records, emptyMessage: "empty")
    }

    @Test("table columns line up by display width: accents, CJK and emoji")
    func tableAlignsByDisplayWidth() {
        let text = RecordRenderer(format: .table, utcOffset: { _ in 0 }).render(
            listing([("Zoë", "A"), ("高橋", "B"), ("🙂 x", "C"), ("e\u{301}e", "D")]))
        #expect(
            text == """
                  1  Zoë   A
                  2  高橋  B
                  3  🙂 x  C
                  4  ée    D

                """)
    }

    @Test("display width counts wide and zero-width characters")
    func displayWidth() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("高橋") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("🙂") == 2)
        #expect(DisplayWidth.of("🇫🇷") == 2)
    }

    @Test("an empty list prints the friendly line")
    func emptyList() {
        #expect(RecordRenderer(format: .table, utcOffset: { _ in 0 }).render(listing([])) == "empty\n")
    }

    @Test("JSON output is an array of objects with id, name and office")
    func jsonOutput() {
        let text = RecordRenderer(format: .json, utcOffset: { _ in 0 }).render(listing([("Joe \"JJ\"", "B\n1")]))
        #expect(
            text
                == "[{\"id\":\"00000000-0000-4000-8000-000000000001\",\"name\":\"Joe \\\"JJ\\\"\",\"office\":\"B\\n1\"}]\n"
        )
    }

    @Test("JSON output writes a date as its exact instant, as CSV does, and an unset one as null")
    func jsonOutputExactDates() {
        let rows = [800_000_000.1234568, ListKind.distantPast].enumerated().map { index, seconds in
            RecordListing.Row(
                number: index + 1,
                record: Record(
                    id: RecordID(high: 0x4000, low: 0x8000_0000_0000_0000 | UInt64(index + 1)),
                    values: [.text("Dive"), .text(""), .date(seconds)]))
        }
        let text = RecordRenderer(format: .json, utcOffset: { _ in 0 }).render(
            RecordListing(kind: .bucket, rows: rows, emptyMessage: "empty"))
        #expect(text.contains("\"completedDate\":\"2026-05-09T06:13:20.1234568Z\""), "\(text)")
        #expect(text.contains("\"completedDate\":null"), "\(text)")
    }

    @Test("CSV output is RFC 4180 with a header row")
    func csvOutput() {
        let text = RecordRenderer(format: .csv, utcOffset: { _ in 0 }).render(listing([("Gregg, Joe", "Say \"hi\"")]))
        #expect(
            text == "id,name,office\r\n00000000-0000-4000-8000-000000000001,\"Gregg, Joe\",\"Say \"\"hi\"\"\"\r\n")
    }
}
