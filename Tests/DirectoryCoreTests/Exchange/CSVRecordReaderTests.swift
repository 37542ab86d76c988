import Testing

@testable import DirectoryCore

@Suite("CSV import")
struct CSVRecordReaderTests {
    /// The import result of `text`.
    private func read(_ text: String, kind: ListKind = .person) throws -> ImportResult {
        try RecordExchange.read(Array(text.utf8), format: .csv, kind: kind, options: .init(), environment: .fixed())
    }

    @Test("a spreadsheet's CSV (BOM, CRLF, quoted commas, headings in any case and order) imports")
    func spreadsheetFile() throws {
        let result = try read("\u{FEFF}Office,Name,Email\r\n\"Briggs 413, 2nd floor\",Joe Gregg,j@x\r\n,Zoë,\r\n")
        #expect(result.rejected.isEmpty)
        #expect(
            result.records.map(\.values) == [
                [.text("Joe Gregg"), .text("Briggs 413, 2nd floor")], [.text("Zoë"), .text("")],
            ])
        #expect(result.notes == ["the column 'Email' was ignored"])
    }

    @Test("rejected lines are named with the reason, and good ones still read")
    func rejectedLines() throws {
        let text = "id,name,completed date\nnot-a-uuid,A,\n,B,2026-05-01\n,C,someday\n,D\n"
        let result = try read(text, kind: .bucket)
        #expect(result.records.map { $0.values[0] } == [.text("B")])
        #expect(
            result.rejected.map(\.description) == [
                "line 2: the id 'not-a-uuid' is not a UUID",
                "line 4: completedDate 'someday' is not a date (use YYYY-MM-DD or ISO 8601)",
                "line 5: 2 fields, expected 3 as in the header row",
            ])
        #expect(result.total == 4)
    }

    @Test("a header without the name column fails the whole file, hinting at --separator")
    func missingNameColumn() {
        #expect(throws: FileFormatError.self) { try read("office\nBriggs\n") }
        do {
            _ = try read("name;office\nA;B\n")
            Issue.record("read a file without a name column")
        } catch let error as FileFormatError {
            #expect(
                error.message
                    == "the header row has no 'name' column (it has 'name;office'; the columns read: id, name, office); "
                    + "the header holds ';': try --separator ';'")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("a header without the name column is named as the file has it, beside the columns read")
    func missingNameColumnNamesTheFilesColumns() {
        do {
            _ = try read("fullname,room\nA,B\n")
            Issue.record("read a file without a name column")
        } catch let error as FileFormatError {
            #expect(
                error.message
                    == "the header row has no 'name' column (it has 'fullname', 'room'; the columns read: "
                    + "id, name, office)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("an empty file and a repeated column are errors of the whole file")
    func wholeFileErrors() {
        #expect(throws: FileFormatError.self) { try read("") }
        #expect(throws: FileFormatError.self) { try read("name,Name\na,b\n") }
    }
}
