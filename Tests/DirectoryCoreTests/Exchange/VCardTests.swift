import Testing

@testable import DirectoryCore

@Suite("vCard import and export")
struct VCardTests {
    /// The import result of `text`.
    private func read(_ text: String) throws -> ImportResult {
        try RecordExchange.read(
            Array(text.utf8), format: .vcard, kind: .person, options: .init(), environment: .fixed())
    }

    @Test("a vCard 3.0 address-book export: folded lines, groups, N without FN, a work address")
    func addressBookCards() throws {
        let text = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            N:Gregg;Joe;;Dr.;\r
            item1.ADR;TYPE=HOME:;;1 Elm St;Northfield;MN;;\r
            ADR;type=WORK,pref:;Briggs 4\r
             13;;;;;\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:4.0\r
            FN:Acacia\\, Ackles\r
            ADR:;;1 Main St;Northfield;;;USA\r
            UID:urn:uuid:00000000-0000-0000-0000-000000000007\r
            END:VCARD\r

            """
        let result = try read(text)
        #expect(result.rejected.isEmpty)
        #expect(
            result.records.map(\.values) == [
                [.text("Dr. Joe Gregg"), .text("Briggs 413")],
                [.text("Acacia, Ackles"), .text("1 Main St, Northfield, USA")],
            ])
        #expect(result.records[1].id == RecordID(high: 0, low: 7))
    }

    @Test("cards without a name, of vCard 2.1 or unfinished are rejected by number and line")
    func rejectedCards() throws {
        let text = "BEGIN:VCARD\nVERSION:2.1\nFN:Old\nEND:VCARD\nBEGIN:VCARD\nTEL:1\nEND:VCARD\nBEGIN:VCARD\nFN:Cut"
        let result = try read(text)
        #expect(result.records.isEmpty)
        #expect(
            result.rejected.map(\.description) == [
                "card 1 (line 1): vCard 2.1 is not supported; use vCard 3.0 or 4.0",
                "card 2 (line 5): the card has no name (FN or N)",
                "card 3 (line 8): the file ends before END:VCARD",
            ])
    }

    @Test("a file with no card at all is not a vCard file")
    func noCards() {
        #expect(throws: FileFormatError.self) { try read("name,office\n") }
    }

    @Test("long lines fold at 75 bytes without splitting a character, and unfold back")
    func folding() {
        var output: [UInt8] = []
        let line = "FN:" + String(repeating: "é", count: 60)
        VCardText.appendFolded(line, to: &output)
        let physical = String(decoding: output, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: true)
        #expect(physical.count == 2)
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        let unfolded = VCardParser.unfoldedLines(output)
        #expect(unfolded.count == 1)
        #expect(String(decoding: unfolded[0].bytes, as: UTF8.self) == line)
    }

    @Test("escaping covers backslash, comma, semicolon, line feeds and carriage returns, and reverses")
    func escaping() {
        let text = "a\\b,c;d\ne\r\nf"
        #expect(VCardText.escaped(text) == "a\\\\b\\,c\\;d\\ne\\r\\nf")
        #expect(VCardText.unescaped(VCardText.escaped(text)[...]) == text)
        #expect(VCardText.unescaped(VCardText.escaped("a\\b,c;d\ne")[...]) == "a\\b,c;d\ne")
    }
}
