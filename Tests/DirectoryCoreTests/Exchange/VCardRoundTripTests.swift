import Testing

@testable import DirectoryCore

@Suite("vCard round trip")
struct VCardRoundTripTests {
    @Test("every exported person comes back with the same values: an empty name, carriage returns, CR LF, escapes")
    func exportedPeopleComeBack() throws {
        let texts = ["", "line\rreturn", "crlf\r\nend", "lf\nend", "a\\b,c;d", "Zoë 李 👩‍👩‍👧‍👦 \u{10FFFD}", "\r", "\\r"]
        let records = texts.enumerated().map { index, text in
            Record(
                id: RecordID(high: 7, low: UInt64(index)),
                values: [.text(text), .text(texts[(index + 1) % texts.count])])
        }
        let bytes = try RecordExchange.write(RecordList(records), format: .vcard, kind: .person, options: .init())
        let result = try RecordExchange.read(
            bytes, format: .vcard, kind: .person, options: .init(), environment: .fixed())
        #expect(result.rejected.isEmpty)
        #expect(result.records == records)
    }

    @Test("a card with neither FN nor N is still rejected")
    func cardWithoutAnyNameIsRejected() throws {
        let text = "BEGIN:VCARD\r\nVERSION:4.0\r\nADR;TYPE=work:;Briggs 413;;;;;\r\nEND:VCARD\r\n"
        let result = try RecordExchange.read(
            Array(text.utf8), format: .vcard, kind: .person, options: .init(), environment: .fixed())
        #expect(result.records.isEmpty)
        #expect(result.rejected.map(\.reason) == ["the card has no name (FN or N)"])
    }
}
