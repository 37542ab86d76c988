import Testing

@testable import DirectoryCore

@Suite("JSON import")
struct JSONRecordImportTests {
    /// The import result of `text`.
    private func read(_ text: String) throws -> ImportResult {
        try RecordExchange.read(
            Array(text.utf8), format: .json, kind: .person, options: .init(), environment: .fixed())
    }

    @Test("records without an id get one; bad records are rejected by number")
    func recordByRecord() throws {
        let result = try read(#"[{"name":"A"},{"name":1},[],{"name":"B","name":"C"},{"name":"D","office":"X"}]"#)
        #expect(result.records.map(\.values) == [[.text("A"), .text("")], [.text("D"), .text("X")]])
        #expect(
            result.rejected.map(\.description) == [
                "record 2: 'name' is an integer, expected a string",
                "record 3: an array, expected a dictionary",
                "record 4: has the key 'name' twice",
            ])
    }

    @Test("dates given as text or null, as --format json prints them, are read as dates")
    func textDates() throws {
        let text = #"""
            [{"name":"Climb","note":"","completedDate":"2024-05-01T12:00:00Z"},
            {"name":"Swim","note":"","completedDate":null},{"name":"Run","note":"","completedDate":"2024-05-02"},
            {"name":"Row","note":"","completedDate":736257600},{"name":"Fly","note":"","completedDate":"soon"}]
            """#
        let result = try RecordExchange.read(
            Array(text.utf8), format: .json, kind: .bucket, options: .init(), environment: .fixed())
        let dates = result.records.map { $0.values[2] }
        guard case .date(let unset) = ListKind.bucket.fields[2].type else {
            Issue.record("the bucket list's third field is not a date")
            return
        }
        #expect(dates.count == 4)
        #expect(dates[0] == .date(736_257_600))  // 2024-05-01T12:00:00Z in seconds since 2001
        #expect(dates[1] == .date(unset))
        #expect(dates[3] == .date(736_257_600))
        #expect(
            result.rejected.map(\.description) == [
                "record 5: 'completedDate' 'soon' is not a date (use YYYY-MM-DD, ISO 8601, or seconds since 2001)"
            ])
    }

    @Test("a file that is not a JSON array cannot be imported at all", arguments: ["", "{}", "[", "[] x"])
    func wholeFileErrors(_ text: String) {
        #expect(throws: FileFormatError.self) { try read(text) }
    }
}
